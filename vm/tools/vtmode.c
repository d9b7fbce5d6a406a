/* vtmode: what a virtual terminal's console is set to draw, for the boot test.
 *   vtmode TTY           prints "mode=text|graphics kb=unicode|xlate|raw|mediumraw|off" once
 *   vtmode --watch TTY   samples it every 10 ms: prints the first state and every change, each
 *                        with the guest's CLOCK_MONOTONIC (the journal's clock), and at SIGTERM
 *                        "samples=N text=N graphics=N errors=N"
 * KD_GRAPHICS is the promise `run --hold-vt` makes: the kernel's console draws nothing on a VT
 * in graphics mode. A screendump can show a moment; this shows every moment between a crash and
 * the restart. The descriptor is opened without becoming a controlling terminal; after the
 * service's TTYVHangup= hangs it up (ioctls fail with EIO) it is opened again.
 * A static binary: the guest needs nothing for it. */
#include <errno.h>
#include <fcntl.h>
#include <linux/kd.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

static volatile sig_atomic_t stop;
static void on_term(int sig) { (void)sig; stop = 1; }

static const char *mode_name(int m) {
    return m == KD_TEXT ? "text" : m == KD_GRAPHICS ? "graphics" : "other";
}

static const char *kb_name(int k) {
    switch (k) {
    case K_RAW: return "raw";
    case K_XLATE: return "xlate";
    case K_MEDIUMRAW: return "mediumraw";
    case K_UNICODE: return "unicode";
    case K_OFF: return "off";
    default: return "other";
    }
}

/* 0 with *mode and *kb set, or -1 with errno (the descriptor is then closed). */
static int sample(const char *tty, int *fd, int *mode, int *kb) {
    if (*fd < 0 && (*fd = open(tty, O_RDONLY | O_NOCTTY | O_NONBLOCK | O_CLOEXEC)) < 0) return -1;
    if (ioctl(*fd, KDGETMODE, mode) == 0 && ioctl(*fd, KDGKBMODE, kb) == 0) return 0;
    int e = errno;
    close(*fd);
    *fd = -1;
    errno = e;
    return -1;
}

int main(int argc, char **argv) {
    int watch = argc == 3 && strcmp(argv[1], "--watch") == 0;
    if (!(argc == 2 || watch)) {
        fprintf(stderr, "usage: vtmode [--watch] TTY\n");
        return 2;
    }
    const char *tty = argv[argc - 1];
    int fd = -1, mode = -1, kb = -1;
    if (!watch) {
        if (sample(tty, &fd, &mode, &kb) != 0) {
            fprintf(stderr, "vtmode: %s: %s\n", tty, strerror(errno));
            return 1;
        }
        printf("mode=%s kb=%s\n", mode_name(mode), kb_name(kb));
        return 0;
    }
    signal(SIGTERM, on_term);
    signal(SIGINT, on_term);
    long samples = 0, text = 0, graphics = 0, errors = 0;
    char last[64] = "", now[64];
    while (!stop) {
        if (sample(tty, &fd, &mode, &kb) == 0) {
            samples++;
            text += mode == KD_TEXT;
            graphics += mode == KD_GRAPHICS;
            snprintf(now, sizeof now, "mode=%s kb=%s", mode_name(mode), kb_name(kb));
        } else {
            errors++;
            snprintf(now, sizeof now, "error=%s", strerror(errno));
        }
        if (strcmp(now, last) != 0) {
            struct timespec t;
            clock_gettime(CLOCK_MONOTONIC, &t);
            printf("%ld.%03ld %s\n", (long)t.tv_sec, t.tv_nsec / 1000000, now);
            fflush(stdout);
            strcpy(last, now);
        }
        usleep(10000);
    }
    printf("samples=%ld text=%ld graphics=%ld errors=%ld\n", samples, text, graphics, errors);
    return 0;
}
