#!/usr/bin/env python3
"""A tiny HTTPS server for the picture-fetching tests: every way a picture URL can go wrong.
Usage: https_server.py CERT KEY MEDIA_DIR LOG_FILE; prints "listening PORT" when ready.
Paths: /ok/NAME (a file of MEDIA_DIR), /404, /slow (headers, then a byte a second),
/redirect-http/NAME (to http://), /redirect-https/NAME (to https://, allowed), /big (9 MiB
with no Content-Length), /html (not an image). Every request's path goes to LOG_FILE."""
import http.server, os, ssl, sys, time

cert, key, media, log = sys.argv[1:5]

class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.0"

    def log_message(self, *args):
        pass

    def do_GET(self):
        with open(log, "a") as f:
            f.write(self.path + "\n")
        port = self.server.server_address[1]
        p = self.path
        if p.startswith("/ok/"):
            path = os.path.join(media, os.path.basename(p[4:]))
            if not os.path.isfile(path):
                return self.send_error(404)
            data = open(path, "rb").read()
            self.send_response(200)
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)
        elif p == "/slow":
            self.send_response(200)
            self.end_headers()
            try:
                for _ in range(120):
                    self.wfile.write(b"x")
                    self.wfile.flush()
                    time.sleep(1)
            except OSError:
                pass
        elif p.startswith("/redirect-http/"):
            self.send_response(302)
            self.send_header("Location", "http://127.0.0.1:%d/ok/%s" % (port, p.split("/")[-1]))
            self.end_headers()
        elif p.startswith("/redirect-https/"):
            self.send_response(302)
            self.send_header("Location", "https://127.0.0.1:%d/ok/%s" % (port, p.split("/")[-1]))
            self.end_headers()
        elif p == "/big":
            self.send_response(200)
            self.end_headers()
            try:
                for _ in range(9 * 16):
                    self.wfile.write(b"\0" * 65536)
            except OSError:
                pass
        elif p == "/html":
            data = b"<html><body>not found</body></html>"
            self.send_response(200)
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)
        else:
            self.send_error(404)

server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
server.daemon_threads = True
context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
context.load_cert_chain(cert, key)
server.socket = context.wrap_socket(server.socket, server_side=True)
print("listening %d" % server.server_address[1], flush=True)
server.serve_forever()
