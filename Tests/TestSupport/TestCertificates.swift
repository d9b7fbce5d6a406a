import MQTT
import Platform

/// A throwaway CA and a server certificate for 127.0.0.1 made with openssl (installed by
/// scripts/setup): mqtts:// and HTTPS tests trust the CA, nothing else does.
public enum TestCertificates {
    /// In `dir`: returns (ca, cert, key) paths.
    public static func make(in dir: String) throws -> (ca: String, cert: String, key: String) {
        let ext = dir + "/san.ext"
        try Files.writeAtomically(Array("subjectAltName=IP:127.0.0.1,DNS:localhost\n".utf8), to: ext)
        let steps: [[String]] = [
            ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=QuizKiosk test CA",
             "-keyout", dir + "/ca.key", "-out", dir + "/ca.crt"],
            ["req", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=127.0.0.1", "-keyout", dir + "/server.key", "-out", dir + "/server.csr"],
            ["x509", "-req", "-in", dir + "/server.csr", "-CA", dir + "/ca.crt", "-CAkey", dir + "/ca.key", "-CAcreateserial",
             "-days", "2", "-extfile", ext, "-out", dir + "/server.crt"],
        ]
        for args in steps {
            let status = try LocalBroker.run(["/usr/bin/openssl"] + args)
            guard status == 0 else { throw MQTTError("openssl \(args[0]) failed (\(status))") }
        }
        return (dir + "/ca.crt", dir + "/server.crt", dir + "/server.key")
    }
}
