import CEC
import Testing

/// The encoder and decoder, message by message: the bytes each command is on the bus (as
/// CEC 1.4 and linux/cec-funcs.h lay them out), and the same bytes read back.
@Suite struct CECMessageTests {
    static let pa1000 = PhysicalAddress(rawValue: 0x1000)
    static let me = LogicalAddress.playback1
    static let osd: [UInt8] = Array("QuizKiosk".utf8)

    /// (message, its bytes)
    static let table: [(CECMessage, [UInt8])] = [
        (CECMessage(from: me, to: .tv, .imageViewOn), [0x40, 0x04]),
        (CECMessage(from: me, to: .tv, .textViewOn), [0x40, 0x0D]),
        (CECMessage(from: me, to: .broadcast, .activeSource(pa1000)), [0x4F, 0x82, 0x10, 0x00]),
        (CECMessage(from: me, to: .tv, .inactiveSource(pa1000)), [0x40, 0x9D, 0x10, 0x00]),
        (CECMessage(from: me, to: .tv, .standby), [0x40, 0x36]),
        (CECMessage(from: me, to: .broadcast, .standby), [0x4F, 0x36]),
        (CECMessage(from: me, to: .tv, .giveDevicePowerStatus), [0x40, 0x8F]),
        (CECMessage(from: .tv, to: me, .reportPowerStatus(.standby)), [0x04, 0x90, 0x01]),
        (CECMessage(from: me, to: .tv, .reportPowerStatus(.on)), [0x40, 0x90, 0x00]),
        (CECMessage(from: .tv, to: me, .givePhysicalAddress), [0x04, 0x83]),
        (CECMessage(from: me, to: .broadcast, .reportPhysicalAddress(pa1000, .playback)), [0x4F, 0x84, 0x10, 0x00, 0x04]),
        (CECMessage(from: .tv, to: me, .giveOSDName), [0x04, 0x46]),
        (CECMessage(from: me, to: .tv, .setOSDName("QuizKiosk")), [0x40, 0x47] + osd),
        (CECMessage(from: me, to: .tv, .giveDeviceVendorID), [0x40, 0x8C]),
        (CECMessage(from: .tv, to: .broadcast, .deviceVendorID(0x0000F0)), [0x0F, 0x87, 0x00, 0x00, 0xF0]),
        (CECMessage(from: .tv, to: .broadcast, .deviceVendorID(0x080046)), [0x0F, 0x87, 0x08, 0x00, 0x46]),
        (CECMessage(from: me, to: .tv, .featureAbort(opcode: 0x8D, reason: .unrecognizedOpcode)), [0x40, 0x00, 0x8D, 0x00]),
        (CECMessage(from: me, to: .tv, .featureAbort(opcode: 0xFF, reason: .refused)), [0x40, 0x00, 0xFF, 0x04]),
        (CECMessage(from: .tv, to: .broadcast, .requestActiveSource), [0x0F, 0x85]),
        (CECMessage(from: .tv, to: .broadcast, .setStreamPath(PhysicalAddress(rawValue: 0x2100))), [0x0F, 0x86, 0x21, 0x00]),
        (CECMessage(from: .tv, to: .broadcast, .routingChange(from: pa1000, to: PhysicalAddress(rawValue: 0x2000))),
         [0x0F, 0x80, 0x10, 0x00, 0x20, 0x00]),
        (CECMessage(from: .tv, to: .broadcast, .routingInformation(pa1000)), [0x0F, 0x81, 0x10, 0x00]),
        (CECMessage(from: .tv, to: me, .menuRequest(2)), [0x04, 0x8D, 0x02]),
        (CECMessage(from: me, to: .tv, .menuStatus(.deactivated)), [0x40, 0x8E, 0x01]),
        (CECMessage(from: .tv, to: me, .userControlPressed(key: 0x00)), [0x04, 0x44, 0x00]),
        (CECMessage(from: .tv, to: me, .userControlReleased), [0x04, 0x45]),
        (CECMessage(from: .tv, to: me, .getCECVersion), [0x04, 0x9F]),
        (CECMessage(from: me, to: .tv, .cecVersion(.v1_4)), [0x40, 0x9E, 0x05]),
        (CECMessage(from: .tv, to: me, .abort), [0x04, 0xFF]),
        (CECMessage(from: me, to: me, .poll), [0x44]),
        (CECMessage(from: .tv, to: me, .other(opcode: 0x89, operands: [1, 2, 3])), [0x04, 0x89, 0x01, 0x02, 0x03]),
    ]

    @Test(arguments: table.indices)
    func encodes(_ i: Int) {
        let (message, bytes) = Self.table[i]
        #expect(message.bytes == bytes, "\(message)")
    }

    @Test(arguments: table.indices)
    func decodes(_ i: Int) throws {
        let (message, bytes) = Self.table[i]
        #expect(try CECMessage(bytes: bytes) == message, "\(bytes)")
    }

    /// (bytes, the error)
    static let bad: [([UInt8], CECMessage.DecodeError)] = [
        ([], .empty),
        ([UInt8](repeating: 0x40, count: 17), .tooLong(17)),
        ([0x0F, 0x82, 0x10], .operands(.tooShort(opcode: 0x82, operands: 1, needs: 2))),
        ([0x40, 0x47], .operands(.tooShort(opcode: 0x47, operands: 0, needs: 1))),
        ([0x4F, 0x84, 0x10, 0x00], .operands(.tooShort(opcode: 0x84, operands: 2, needs: 3))),
        ([0x04, 0x00, 0x8D], .operands(.tooShort(opcode: 0x00, operands: 1, needs: 2))),
        ([0x04, 0x90], .operands(.tooShort(opcode: 0x90, operands: 0, needs: 1))),
        ([0x0F, 0x80, 0x10, 0x00, 0x20], .operands(.tooShort(opcode: 0x80, operands: 3, needs: 4))),
    ]

    @Test(arguments: bad.indices)
    func refusesMalformedBytes(_ i: Int) {
        let (bytes, error) = Self.bad[i]
        #expect(throws: error) { try CECMessage(bytes: bytes) }
    }

    @Test func operandsBeyondWhatIsReadAreIgnored() throws {
        // CEC 2.0 may append operands: a follower reads what it knows.
        #expect(try CECMessage(bytes: [0x0F, 0x82, 0x10, 0x00, 0xAA]).command == .activeSource(Self.pa1000))
        #expect(try CECMessage(bytes: [0x04, 0x8F, 0x01]).command == .giveDevicePowerStatus)
    }

    @Test func osdNamesAreCutAt14BytesAndKeepToPrintableASCII() throws {
        let long = CECMessage(from: Self.me, to: .tv, .setOSDName("Quiz\u{E9}Kiosk in the bar"))
        #expect(long.bytes == [0x40, 0x47] + Array("Quiz?Kiosk in ".utf8))
        #expect(long.bytes.count == 16)
        // A name from the bus with control bytes: printable, never raw.
        #expect(try CECMessage(bytes: [0x04, 0x47, 0x54, 0x0A, 0x56, 0x1B]).command == .setOSDName("T?V?"))
    }

    @Test func physicalAddressesReadAndPrintAsFourNibbles() {
        #expect(PhysicalAddress(parsing: "1.0.0.0") == Self.pa1000)
        #expect(PhysicalAddress(parsing: "2.1.f.0")?.rawValue == 0x21F0)
        #expect(PhysicalAddress(rawValue: 0x3120).description == "3.1.2.0")
        #expect(PhysicalAddress.invalid.description == "f.f.f.f")
        #expect(!PhysicalAddress.invalid.isValid)
        for bad in ["1.0.0", "1.0.0.0.0", "10.0.0.0", "g.0.0.0", "", "1..0.0"] {
            #expect(PhysicalAddress(parsing: bad) == nil, "\(bad)")
        }
    }

    @Test func addressingMustFitTheOpcode() throws {
        // Active Source is broadcast only; Give OSD Name directed only; Standby either.
        #expect(try CECMessage(bytes: [0x0F, 0x82, 0x10, 0x00]).isAddressedProperly)
        #expect(try !CECMessage(bytes: [0x04, 0x82, 0x10, 0x00]).isAddressedProperly)
        #expect(try CECMessage(bytes: [0x04, 0x46]).isAddressedProperly)
        #expect(try !CECMessage(bytes: [0x0F, 0x46]).isAddressedProperly)
        #expect(try CECMessage(bytes: [0x0F, 0x36]).isAddressedProperly)
        #expect(try CECMessage(bytes: [0x04, 0x36]).isAddressedProperly)
    }

    @Test func theLogSaysWhoSentWhatToWhom() {
        #expect(CECMessage(from: Self.me, to: .broadcast, .activeSource(Self.pa1000)).description == "Playback 1 (4) → all: Active Source 1.0.0.0")
        #expect(CECMessage(from: .tv, to: .broadcast, .deviceVendorID(0x0000F0)).summary == "Device Vendor ID Samsung (00-00-F0)")
        #expect(CECMessage(from: Self.me, to: .tv, .featureAbort(opcode: 0x8D, reason: .unrecognizedOpcode)).summary
                == "Feature Abort of Menu Request: unrecognized opcode")
        #expect(VendorID.name(0x123456) == "12-34-56")
    }
}
