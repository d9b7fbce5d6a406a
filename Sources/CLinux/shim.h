#ifndef QUIZKIOSK_CLINUX_SHIM_H
#define QUIZKIOSK_CLINUX_SHIM_H
// Linux-only interfaces that Swift's Glibc module does not include: signalfd, inotify,
// timerfd, netlink (kernel uevents), adjtimex (is the clock synchronised?), eventfd (a worker
// thread waking the event loop), the VT console modes (linux/kd.h: graphics mode and keyboard
// off while the kiosk holds the screen), epoll (the event loop), accept4 and TCP_NODELAY (the
// players' web server), mallinfo2 (the bench's heap per connection).
#include <sys/signalfd.h>
#include <sys/inotify.h>
#include <sys/timerfd.h>
#include <sys/socket.h>
#include <linux/netlink.h>
#include <sys/timex.h>
#include <sys/eventfd.h>
#include <linux/kd.h>
#include <sys/epoll.h>
#include <netinet/tcp.h>
#include <malloc.h>
// glibc declares accept4 only under _GNU_SOURCE, which Swift's Glibc module is built without;
// the same prototype, so that a non-blocking, close-on-exec socket is accepted in one call.
extern int accept4(int fd, struct sockaddr *addr, socklen_t *addrlen, int flags);
#endif
