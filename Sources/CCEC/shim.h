#ifndef QUIZKIOSK_CCEC_SHIM_H
#define QUIZKIOSK_CCEC_SHIM_H
// The kernel's HDMI-CEC API (linux/cec.h, from linux-libc-dev): the structures Swift imports
// as they are, and one wrapper per ioctl. Swift cannot call them directly for two reasons:
// the request numbers are _IOR/_IOW/_IOWR macros (they compute a number from the argument
// structure's size, and Swift imports only macros that are plain constants), and ioctl(2) is a
// variadic C function, which Swift does not call. Each wrapper returns ioctl's result (-1 and
// errno on failure); Swift reads errno right after it (Platform's `syscall`).
#include <linux/cec.h>
#include <sys/ioctl.h>

// CEC_ADAP_G_CAPS (_IOWR): the adapter's driver, name, capabilities, logical address slots.
static inline int quizkiosk_cec_get_caps(int fd, struct cec_caps *caps) {
    return ioctl(fd, CEC_ADAP_G_CAPS, caps);
}

// CEC_ADAP_G_PHYS_ADDR (_IOR): the physical address, 0xffff while the sink's hot-plug detect is low.
static inline int quizkiosk_cec_get_phys_addr(int fd, __u16 *addr) {
    return ioctl(fd, CEC_ADAP_G_PHYS_ADDR, addr);
}

// CEC_ADAP_S_PHYS_ADDR (_IOW): only for adapters whose physical address userspace sets
// (CEC_CAP_PHYS_ADDR: USB dongles), from the EDID of the display they sit in front of.
static inline int quizkiosk_cec_set_phys_addr(int fd, const __u16 *addr) {
    return ioctl(fd, CEC_ADAP_S_PHYS_ADDR, addr);
}

// CEC_ADAP_G_LOG_ADDRS (_IOR): the logical addresses claimed (or asked for) now.
static inline int quizkiosk_cec_get_log_addrs(int fd, struct cec_log_addrs *la) {
    return ioctl(fd, CEC_ADAP_G_LOG_ADDRS, la);
}

// CEC_ADAP_S_LOG_ADDRS (_IOWR): claims logical addresses of the given types (num_log_addrs 0
// clears them). On a non-blocking descriptor it returns at once; the claim's outcome comes as
// a CEC_EVENT_STATE_CHANGE.
static inline int quizkiosk_cec_set_log_addrs(int fd, struct cec_log_addrs *la) {
    return ioctl(fd, CEC_ADAP_S_LOG_ADDRS, la);
}

// CEC_TRANSMIT (_IOWR): queues a message; non-blocking, its result comes back through
// CEC_RECEIVE with the sequence number this call set.
static inline int quizkiosk_cec_transmit(int fd, struct cec_msg *msg) {
    return ioctl(fd, CEC_TRANSMIT, msg);
}

// CEC_RECEIVE (_IOWR): a received message or a transmit's result; EAGAIN when none waits.
static inline int quizkiosk_cec_receive(int fd, struct cec_msg *msg) {
    return ioctl(fd, CEC_RECEIVE, msg);
}

// CEC_DQEVENT (_IOWR): an event (state change, lost messages); EAGAIN when none waits.
static inline int quizkiosk_cec_dqevent(int fd, struct cec_event *ev) {
    return ioctl(fd, CEC_DQEVENT, ev);
}

// CEC_S_MODE (_IOW): this descriptor's initiator and follower modes.
static inline int quizkiosk_cec_set_mode(int fd, const __u32 *mode) {
    return ioctl(fd, CEC_S_MODE, mode);
}

// CEC_ADAP_G_CONNECTOR_INFO (_IOR): the DRM card and connector the adapter belongs to, where
// the driver says (CEC_CAP_CONNECTOR_INFO).
static inline int quizkiosk_cec_get_connector_info(int fd, struct cec_connector_info *info) {
    return ioctl(fd, CEC_ADAP_G_CONNECTOR_INFO, info);
}
#endif
