import CEC
import Testing

/// What the kiosk answers, message by message: a well-behaved source (CEC 1.4 §13), Feature
/// Abort for what it does not handle, silence for broadcasts and answers.
@Suite struct CECResponderTests {
    static let pa = PhysicalAddress(rawValue: 0x1000)
    static let me = CECIdentity(logicalAddress: .playback1, physicalAddress: pa)
    static let la = LogicalAddress.playback1
    static let other = PhysicalAddress(rawValue: 0x2000)

    static func from(_ a: LogicalAddress, to b: LogicalAddress = la, _ c: CECCommand) -> CECMessage {
        CECMessage(from: a, to: b, c)
    }

    static func to(_ b: LogicalAddress, _ c: CECCommand) -> CECMessage { CECMessage(from: la, to: b, c) }

    /// (incoming, we are the active source, the replies, the active source after: nil unchanged)
    static let table: [(CECMessage, Bool, [CECMessage], Bool?)] = [
        (from(.tv, .givePhysicalAddress), false, [to(.broadcast, .reportPhysicalAddress(pa, .playback))], nil),
        (from(.tv, .giveOSDName), false, [to(.tv, .setOSDName("QuizKiosk"))], nil),
        (from(.tv, .giveDevicePowerStatus), false, [to(.tv, .reportPowerStatus(.on))], nil),
        (from(LogicalAddress(5), .giveDevicePowerStatus), true, [to(LogicalAddress(5), .reportPowerStatus(.on))], nil),
        (from(.tv, .getCECVersion), false, [to(.tv, .cecVersion(.v1_4))], nil),
        (from(.tv, .giveDeviceVendorID), false, [to(.tv, .featureAbort(opcode: 0x8C, reason: .unrecognizedOpcode))], nil),
        (from(.tv, .abort), false, [to(.tv, .featureAbort(opcode: 0xFF, reason: .refused))], nil),
        (from(.tv, .menuRequest(2)), true, [to(.tv, .menuStatus(.deactivated))], nil),
        // Request Active Source: answered only by the active source.
        (from(.tv, to: .broadcast, .requestActiveSource), true, [to(.broadcast, .activeSource(pa))], nil),
        (from(.tv, to: .broadcast, .requestActiveSource), false, [], nil),
        // The TV picks our input, or another.
        (from(.tv, to: .broadcast, .setStreamPath(pa)), false, [to(.broadcast, .activeSource(pa))], true),
        (from(.tv, to: .broadcast, .setStreamPath(other)), true, [], false),
        (from(.tv, to: .broadcast, .routingChange(from: other, to: pa)), false, [to(.broadcast, .activeSource(pa))], true),
        (from(LogicalAddress(8), to: .broadcast, .activeSource(other)), true, [], false),
        (from(LogicalAddress(8), to: .broadcast, .activeSource(other)), false, [], nil),
        // The remote's keys, answers and announcements: nothing.
        (from(.tv, .userControlPressed(key: 0x00)), true, [], nil),
        (from(.tv, .userControlReleased), true, [], nil),
        (from(.tv, .reportPowerStatus(.standby)), false, [], nil),
        (from(.tv, .setOSDName("TV")), false, [], nil),
        (from(.tv, .featureAbort(opcode: 0x04, reason: .refused)), false, [], nil),
        (from(.tv, to: .broadcast, .deviceVendorID(0xF0)), false, [], nil),
        (from(.tv, to: .broadcast, .reportPhysicalAddress(.root, .tv)), false, [], nil),
        (from(.tv, .standby), true, [], nil),
        (from(.tv, to: .broadcast, .standby), true, [], nil),
        // Directed messages it does not handle: Feature Abort; broadcasts never.
        (from(.tv, .other(opcode: 0x89, operands: [1])), false, [to(.tv, .featureAbort(opcode: 0x89, reason: .unrecognizedOpcode))], nil),
        (from(.tv, .imageViewOn), false, [to(.tv, .featureAbort(opcode: 0x04, reason: .unrecognizedOpcode))], nil),
        (from(.tv, to: .broadcast, .other(opcode: 0xA0, operands: [0, 0, 0xF0])), false, [], nil),
        // Wrongly addressed (Give OSD Name broadcast, Active Source directed): ignored.
        (from(.tv, to: .broadcast, .giveOSDName), false, [], nil),
        (from(LogicalAddress(8), .activeSource(other)), true, [], nil),
        // For another device, from ourselves, or from Unregistered wanting a directed answer.
        (from(.tv, to: LogicalAddress(8), .giveOSDName), false, [], nil),
        (from(la, to: .tv, .giveOSDName), false, [], nil),
        (from(.unregistered, .giveOSDName), false, [], nil),
        (from(.unregistered, .givePhysicalAddress), false, [to(.broadcast, .reportPhysicalAddress(pa, .playback))], nil),
    ]

    @Test(arguments: table.indices)
    func answers(_ i: Int) {
        let (incoming, active, replies, after) = Self.table[i]
        let out = CECResponder.respond(to: incoming, as: Self.me, activeSource: active)
        #expect(out.replies == replies, "\(incoming)")
        #expect(out.activeSource == after, "\(incoming)")
    }

    @Test func aVendorIDWhenTheIdentityHasOne() {
        var me = Self.me
        me.vendorID = 0x001582
        let out = CECResponder.respond(to: Self.from(.tv, .giveDeviceVendorID), as: me, activeSource: false)
        #expect(out.replies == [Self.to(.broadcast, .deviceVendorID(0x001582))])
    }

    @Test func noActiveSourceWithoutAPhysicalAddress() {
        var me = Self.me
        me.physicalAddress = .invalid
        let out = CECResponder.respond(to: Self.from(.tv, to: .broadcast, .setStreamPath(.invalid)), as: me, activeSource: false)
        #expect(out.replies.isEmpty)
        #expect(out.activeSource == nil)
    }
}
