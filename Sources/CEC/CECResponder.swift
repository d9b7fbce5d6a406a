/// What a well-behaved CEC source answers, as a pure function of the message, who we are and
/// whether we are the active source: no I/O, so the table tests read it directly.
///
/// The kernel's framework already answers Give Physical Address, Give Device Vendor ID, Get CEC
/// Version and Abort itself for an adapter not in passthrough mode (the one `CECDevice` opens)
/// and does not pass them on; the answers are here too for an adapter that does, and so that
/// the whole behaviour is in one table. Give OSD Name, Give Device Power Status, Request Active
/// Source, Set Stream Path and Menu Request come to us (a follower) and are answered only here;
/// any other directed message gets Feature Abort, since with a follower registered the
/// kernel no longer sends one for us. Broadcasts are never refused, and a message addressed
/// the wrong way for its opcode is ignored (CEC 1.4 §12.3).
public enum CECResponder {
    public struct Outcome: Equatable, Sendable {
        public var replies: [CECMessage] = []
        /// The active source changed: true when we are it now, false when another device is.
        public var activeSource: Bool?

        public init(replies: [CECMessage] = [], activeSource: Bool? = nil) {
            self.replies = replies
            self.activeSource = activeSource
        }
    }

    public static func respond(to m: CECMessage, as me: CECIdentity, activeSource: Bool) -> Outcome {
        // Our own message heard back (a monitoring adapter), or one for another device.
        guard m.initiator != me.logicalAddress || m.initiator == .unregistered else { return Outcome() }
        guard m.isBroadcast || m.destination == me.logicalAddress, m.isAddressedProperly else { return Outcome() }
        // A directed answer to Unregistered (15) would be a broadcast: none is sent.
        let canReply = m.initiator != .unregistered
        func reply(_ c: CECCommand) -> Outcome {
            canReply ? Outcome(replies: [CECMessage(from: me.logicalAddress, to: m.initiator, c)]) : Outcome()
        }
        func broadcast(_ c: CECCommand, active: Bool? = nil) -> Outcome {
            Outcome(replies: [CECMessage(from: me.logicalAddress, to: .broadcast, c)], activeSource: active)
        }
        func refuse(_ reason: AbortReason = .unrecognizedOpcode) -> Outcome {
            guard let opcode = m.command.opcode, !m.isBroadcast else { return Outcome() }
            return reply(.featureAbort(opcode: opcode, reason: reason))
        }
        switch m.command {
        case .givePhysicalAddress:
            return broadcast(.reportPhysicalAddress(me.physicalAddress, me.deviceType))
        case .giveOSDName:
            return reply(.setOSDName(me.osdName))
        case .giveDevicePowerStatus:
            return reply(.reportPowerStatus(me.powerStatus))
        case .giveDeviceVendorID:
            guard let id = me.vendorID else { return refuse() }
            return broadcast(.deviceVendorID(id))
        case .getCECVersion:
            return reply(.cecVersion(me.version))
        case .abort:
            // The specification's test message: always answered with Feature Abort "refused".
            return refuse(.refused)
        case .requestActiveSource:
            return activeSource ? broadcast(.activeSource(me.physicalAddress)) : Outcome()
        case .setStreamPath(let path):
            // The TV picked a source by its address (a user choosing our input in its menu).
            if path == me.physicalAddress && me.physicalAddress.isValid {
                return broadcast(.activeSource(me.physicalAddress), active: true)
            }
            return Outcome(activeSource: activeSource ? false : nil)
        case .routingChange(_, let to):
            if to == me.physicalAddress && me.physicalAddress.isValid {
                return broadcast(.activeSource(me.physicalAddress), active: true)
            }
            return Outcome(activeSource: activeSource ? false : nil)
        case .activeSource(let path):
            return Outcome(activeSource: activeSource && path != me.physicalAddress ? false : nil)
        case .menuRequest:
            // No menu of our own to open with the TV's remote.
            return reply(.menuStatus(.deactivated))
        case .userControlPressed, .userControlReleased:
            // The TV's remote passed through to the active source: nothing here takes keys.
            return Outcome()
        case .featureAbort, .reportPowerStatus, .setOSDName, .cecVersion, .menuStatus, .deviceVendorID,
             .reportPhysicalAddress, .routingInformation, .inactiveSource, .standby, .poll:
            // Answers and announcements need no answer; Standby is for displays and players
            // that can sleep — the kiosk keeps showing the quiz.
            return Outcome()
        case .imageViewOn, .textViewOn, .other:
            return refuse()
        }
    }
}
