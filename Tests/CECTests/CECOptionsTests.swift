import Glibc
import TestSupport
import Testing

/// `--cec`, `--cec-standby`, `--cec-standby-after` through the built binary: bad values are one
/// line naming the setting; the settings file's keys reach the same parser (doctor shows it).
@Suite struct CECOptionsTests {
    let dir = TempDir.make()

    @Test func aBadCecValueIsOneLineNamingIt() {
        let r = Run(["run", "--headless", "--out", dir, "--cec", "hdmi"])
        #expect(r.status == 2)
        #expect(r.stderrLines.first == "quizkiosk: --cec hdmi: expected auto, off or an adapter's path such as /dev/cec0", "\(r.stderr)")
        let w = Run(["run", "--headless", "--out", dir, "--cec-standby-after", "-5"])
        #expect(w.status == 2)
        #expect(w.stderrLines.first == "quizkiosk: --cec-standby-after -5: expected seconds from 0 to 86400, e.g. 600", "\(w.stderr)")
        let f = Run(["run", "--headless", "--out", dir, "--cec-standby=yes"])
        #expect(f.status == 2)
        #expect(f.stderrLines.first == "quizkiosk: --cec-standby takes no value", "\(f.stderr)")
    }

    @Test func theSettingsFileTakesTheCECKeys() {
        let conf = dir + "/quizkiosk.conf"
        TempDir.write(conf, "cec = off\ncec-standby = yes\ncec-standby-after = 30\n")
        let off = Run(["doctor", "--config", conf, "--fonts", repositoryRoot + "/fonts", "--device", dir + "/no-card"])
        #expect(off.stdout.contains("SKIP  CEC: --cec off: the kiosk never wakes or switches the TV"), "\(off.stdout)")

        TempDir.write(conf, "cec = \(dir)/cec9\n")
        let missing = Run(["doctor", "--config", conf, "--fonts", repositoryRoot + "/fonts", "--device", dir + "/no-card"])
        #expect(missing.stdout.contains("WARN  CEC adapter: \(dir)/cec9: no such CEC adapter"), "\(missing.stdout)")

        TempDir.write(conf, "cec-standby = maybe\n")
        let bad = Run(["run", "--headless", "--out", dir, "--config", conf])
        #expect(bad.status == 1)
        #expect(bad.stderrLines == ["quizkiosk: \(conf):1: cec-standby takes true or false, not 'maybe'"], "\(bad.stderr)")

        TempDir.write(conf, "cec = somewhere\n")
        let value = Run(["run", "--headless", "--out", dir, "--config", conf])
        #expect(value.status == 2)
        #expect(value.stderrLines.first == "quizkiosk: --cec somewhere: expected auto, off or an adapter's path such as /dev/cec0", "\(value.stderr)")
    }
}
