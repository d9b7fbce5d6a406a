"""A QEMU guest for the display tests: boots a kernel + initramfs under TCG, runs shell commands
on the serial console, talks QMP (screendumps) and VNC (SetDesktopSize = a real hotplug).

Nothing here knows about quizkiosk; the suites do."""
import json, os, re, shlex, socket, struct, subprocess, tempfile, threading, time


class GuestError(Exception):
    pass


class Guest:
    def __init__(self, name, kernel, initrd, devices, workdir, modprobe=(), memory=512, append=None):
        self.name = name
        self.workdir = workdir
        os.makedirs(workdir, exist_ok=True)
        # Unix socket paths must stay under 108 bytes: in workdir when it is short enough.
        sockdir = workdir if len(workdir) < 70 else tempfile.mkdtemp(prefix="qk-vm-")
        self.sockdir = sockdir
        self.qmp_path = os.path.join(sockdir, f"{name}.qmp")
        for p in [self.qmp_path]:
            if os.path.exists(p):
                os.unlink(p)
        # `append` replaces the kernel command line (the systemd boot test brings its own).
        append = append or "console=ttyS0 loglevel=3"
        if modprobe:
            append += " modprobe=" + ",".join(modprobe)
        # TCG only: this machine kind's KVM cannot run a stock kernel (see vm/README.md).
        self.cmd = ["qemu-system-x86_64", "-accel", "tcg", "-machine", "q35", "-smp", "1",
                    "-m", str(memory), "-kernel", kernel, "-initrd", initrd, "-append", append,
                    "-display", "none", "-vga", "none", "-serial", "stdio", "-monitor", "none",
                    "-qmp", f"unix:{self.qmp_path},server=on,wait=off", "-no-reboot"] + list(devices)
        with open(os.path.join(workdir, f"{name}.cmdline"), "w") as f:
            f.write(" ".join(shlex.quote(c) for c in self.cmd) + "\n")
        self.log = open(os.path.join(workdir, f"{name}.serial.log"), "wb")
        self.buf = b""
        self.cond = threading.Condition()
        self.seq = 0
        self.qmp_file = None
        self.started = time.monotonic()
        self.proc = subprocess.Popen(self.cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.STDOUT, bufsize=0)
        threading.Thread(target=self._reader, daemon=True).start()

    # -- serial console -------------------------------------------------------------------
    def _reader(self):
        while True:
            data = os.read(self.proc.stdout.fileno(), 65536)
            if not data:
                break
            self.log.write(data)
            self.log.flush()
            with self.cond:
                self.buf += data
                self.cond.notify_all()
        with self.cond:
            self.cond.notify_all()

    def expect(self, pattern, timeout, start=0):
        rx = re.compile(pattern.encode())
        deadline = time.monotonic() + timeout
        with self.cond:
            while True:
                m = rx.search(self.buf, start)
                if m:
                    return m
                left = deadline - time.monotonic()
                if left <= 0 or self.proc.poll() is not None:
                    tail = self.buf[-1500:].decode(errors="replace")
                    raise GuestError(f"{self.name}: no {pattern!r} within {timeout}s "
                                     f"(qemu rc={self.proc.poll()}); console tail:\n{tail}")
                self.cond.wait(min(left, 0.5))

    def boot(self, timeout=90):
        m = self.expect(r"INIT_READY uptime=([0-9.]+)", timeout)
        self.boot_seconds = time.monotonic() - self.started
        self.sh("true")
        return self.boot_seconds

    def sh(self, command, timeout=60, check=False):
        """Runs a shell command in the guest; returns (exit status, output)."""
        self.seq += 1
        begin, end = f"@@{self.seq}B@@", f"@@{self.seq}E"
        with self.cond:
            start = len(self.buf)
        self.proc.stdin.write(f"echo {begin}; {command}\necho {end}$?@@\n".encode())
        self.proc.stdin.flush()
        m = self.expect(re.escape(end) + r"(\d+)@@|INIT: shell exited", timeout, start)
        if m.group(1) is None:
            raise GuestError(f"{self.name}: the guest shell died running `{command}`")
        with self.cond:
            seg = self.buf[start:m.start()]
        i = seg.find(begin.encode())
        out = (seg[i + len(begin):] if i >= 0 else seg).decode(errors="replace").replace("\r", "").strip("\n")
        rc = int(m.group(1))
        if check and rc != 0:
            raise GuestError(f"{self.name}: `{command}` exited {rc}:\n{out}")
        return rc, out

    def spawn(self, command, logfile):
        """Starts a command in the background; its output and finally `EXIT <status>` go to
        logfile, so a crash shows as a status instead of vanishing. The job is not the shell's
        child (the outer subshell exits at once): an interactive busybox ash idle at its prompt
        exits when a child job ends (seen with `sleep 1 &`), losing the next command."""
        self.sh(f"( ( {command} ; echo EXIT $? ) > {logfile} 2>&1 < /dev/null & )")

    def wait_log(self, logfile, pattern, timeout):
        """Polls a guest file until a line matches (grep -E); returns its content."""
        deadline = time.monotonic() + timeout
        while True:
            rc, out = self.sh(f"cat {logfile} 2>/dev/null")
            if re.search(pattern, out, re.M):
                return out
            if time.monotonic() > deadline:
                raise GuestError(f"{self.name}: no /{pattern}/ in {logfile} within {timeout}s:\n{out[-1500:]}")
            time.sleep(0.1)

    # -- QMP ------------------------------------------------------------------------------
    def qmp(self, command, **arguments):
        if self.qmp_file is None:
            deadline = time.monotonic() + 10
            while True:
                try:
                    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
                    s.connect(self.qmp_path)
                    break
                except OSError:
                    if time.monotonic() > deadline:
                        raise
                    time.sleep(0.1)
            self.qmp_socket = s
            self.qmp_file = s.makefile("rwb")
            json.loads(self.qmp_file.readline())  # greeting
            self._qmp_call("qmp_capabilities", {})
        return self._qmp_call(command, arguments)

    def _qmp_call(self, command, arguments):
        msg = {"execute": command}
        if arguments:
            msg["arguments"] = arguments
        self.qmp_file.write(json.dumps(msg).encode() + b"\n")
        self.qmp_file.flush()
        while True:
            reply = json.loads(self.qmp_file.readline())
            if "event" in reply:
                continue
            if "error" in reply:
                raise GuestError(f"QMP {command}: {reply['error']}")
            return reply.get("return")

    def screendump(self, path, head=None):
        """What the display device scans out now, as a binary PPM (QEMU's own capture)."""
        args = {"filename": path}
        if head is not None:
            args.update(device="gpu0", head=head)
        if os.path.exists(path):
            os.unlink(path)
        self.qmp("screendump", **args)
        return path

    def shutdown(self):
        if self.proc.poll() is None:
            try:
                self.qmp("quit")
            except Exception:
                pass
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        if self.qmp_file:
            self.qmp_socket.close()
        self.log.close()


def vnc_set_desktop_size(sock_path, width, height, timeout=5):
    """Asks QEMU, as a VNC client, for a new desktop size on one head (RFB SetDesktopSize,
    message 251). QEMU passes it to virtio-gpu, which tells the guest kernel: a real hotplug
    (0x0 = unplugged). Returns once the request is sent."""
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.settimeout(timeout)
    s.connect(sock_path)

    def recv(n):
        b = b""
        while len(b) < n:
            d = s.recv(n - len(b))
            if not d:
                raise GuestError("vnc: connection closed")
            b += d
        return b
    try:
        recv(12)                                   # server's protocol version
        s.sendall(b"RFB 003.008\n")
        kinds = recv(recv(1)[0])
        if 1 not in kinds:
            raise GuestError(f"vnc: no 'None' security type: {list(kinds)}")
        s.sendall(b"\x01")
        if struct.unpack(">I", recv(4))[0] != 0:
            raise GuestError("vnc: security handshake failed")
        s.sendall(b"\x01")                         # ClientInit, shared
        recv(4 + 16)                               # size + pixel format
        recv(struct.unpack(">I", recv(4))[0])      # desktop name
        encodings = [0, -223, -308]                # Raw, DesktopSize, ExtendedDesktopSize
        s.sendall(struct.pack(">BxH", 2, len(encodings)) + b"".join(struct.pack(">i", e) for e in encodings))
        s.sendall(struct.pack(">BxHHBx", 251, width, height, 1) +
                  struct.pack(">IHHHHI", 0, 0, 0, width, height, 0))
        time.sleep(0.05)   # let QEMU read it before the socket closes
    finally:
        s.close()
