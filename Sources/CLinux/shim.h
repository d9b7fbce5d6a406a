#ifndef QUIZKIOSK_CLINUX_SHIM_H
#define QUIZKIOSK_CLINUX_SHIM_H
// Linux-only interfaces that Swift's Glibc module does not include: signalfd, inotify,
// timerfd, netlink (kernel uevents), adjtimex (is the clock synchronised?), eventfd (a worker
// thread waking the event loop), the VT console modes (linux/kd.h: graphics mode and keyboard
// off while the kiosk holds the screen).
#include <sys/signalfd.h>
#include <sys/inotify.h>
#include <sys/timerfd.h>
#include <sys/socket.h>
#include <linux/netlink.h>
#include <sys/timex.h>
#include <sys/eventfd.h>
#include <linux/kd.h>
#endif
