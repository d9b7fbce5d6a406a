/* holdfb: a stand-in for "whatever was on screen before quizkiosk" in the VM suite.
 * Sets the first connected connector's preferred mode showing a framebuffer of its own
 * (filled with one colour), prints "HOLDFB fb=F crtc=C WxH", gives up DRM master so another
 * program can take the screen, and keeps its file open (so its framebuffer lives) until
 * killed. With fbdev emulation off nothing else puts that framebuffer back on the CRTC: if
 * it is back after quizkiosk exits, quizkiosk restored it.
 * Raw ioctls and a static binary: the guest needs no libdrm for it. */
#include <drm.h>
#include <drm_mode.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <unistd.h>

static int xioctl(int fd, unsigned long req, void *arg) {
    int r;
    do r = ioctl(fd, req, arg); while (r == -1 && (errno == EINTR || errno == EAGAIN));
    return r;
}

static void die(const char *what) {
    fprintf(stderr, "holdfb: %s: %s\n", what, strerror(errno));
    exit(1);
}

int main(int argc, char **argv) {
    const char *path = argc > 1 ? argv[1] : "/dev/dri/card0";
    int fd = open(path, O_RDWR | O_CLOEXEC);
    if (fd < 0) die(path);

    struct drm_mode_card_res res = {0};
    if (xioctl(fd, DRM_IOCTL_MODE_GETRESOURCES, &res)) die("GETRESOURCES");
    uint32_t *conns = calloc(res.count_connectors, sizeof *conns), *crtcs = calloc(res.count_crtcs, sizeof *crtcs);
    struct drm_mode_card_res res2 = { .connector_id_ptr = (uintptr_t)conns, .count_connectors = res.count_connectors,
                                      .crtc_id_ptr = (uintptr_t)crtcs, .count_crtcs = res.count_crtcs };
    if (xioctl(fd, DRM_IOCTL_MODE_GETRESOURCES, &res2)) die("GETRESOURCES");

    struct drm_mode_modeinfo mode;
    uint32_t conn_id = 0, crtc_id = 0;
    for (uint32_t i = 0; i < res2.count_connectors && !conn_id; i++) {
        struct drm_mode_get_connector c = { .connector_id = conns[i] };
        if (xioctl(fd, DRM_IOCTL_MODE_GETCONNECTOR, &c)) continue;
        if (c.connection != 1 || c.count_modes == 0 || c.count_encoders == 0) continue;
        struct drm_mode_modeinfo *modes = calloc(c.count_modes, sizeof *modes);
        uint32_t *encs = calloc(c.count_encoders, sizeof *encs);
        struct drm_mode_get_connector c2 = { .connector_id = conns[i], .modes_ptr = (uintptr_t)modes,
                                             .count_modes = c.count_modes, .encoders_ptr = (uintptr_t)encs,
                                             .count_encoders = c.count_encoders };
        if (xioctl(fd, DRM_IOCTL_MODE_GETCONNECTOR, &c2)) die("GETCONNECTOR");
        mode = modes[0];
        for (uint32_t m = 0; m < c2.count_modes; m++)
            if (modes[m].type & DRM_MODE_TYPE_PREFERRED) { mode = modes[m]; break; }
        struct drm_mode_get_encoder e = { .encoder_id = encs[0] };
        if (xioctl(fd, DRM_IOCTL_MODE_GETENCODER, &e)) die("GETENCODER");
        for (uint32_t k = 0; k < res2.count_crtcs; k++)
            if (e.possible_crtcs & (1u << k)) { crtc_id = crtcs[k]; break; }
        conn_id = conns[i];
    }
    if (!conn_id || !crtc_id) { fprintf(stderr, "holdfb: no connected connector with a CRTC\n"); return 1; }

    struct drm_mode_create_dumb dumb = { .width = mode.hdisplay, .height = mode.vdisplay, .bpp = 32 };
    if (xioctl(fd, DRM_IOCTL_MODE_CREATE_DUMB, &dumb)) die("CREATE_DUMB");
    struct drm_mode_fb_cmd fb = { .width = dumb.width, .height = dumb.height, .pitch = dumb.pitch,
                                  .bpp = 32, .depth = 24, .handle = dumb.handle };
    if (xioctl(fd, DRM_IOCTL_MODE_ADDFB, &fb)) die("ADDFB");
    struct drm_mode_map_dumb map = { .handle = dumb.handle };
    if (xioctl(fd, DRM_IOCTL_MODE_MAP_DUMB, &map)) die("MAP_DUMB");
    uint32_t *px = mmap(NULL, dumb.size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, map.offset);
    if (px == MAP_FAILED) die("mmap");
    for (uint64_t i = 0; i < dumb.size / 4; i++) px[i] = 0x00336699;

    struct drm_mode_crtc set = { .crtc_id = crtc_id, .fb_id = fb.fb_id, .set_connectors_ptr = (uintptr_t)&conn_id,
                                 .count_connectors = 1, .mode = mode, .mode_valid = 1 };
    if (xioctl(fd, DRM_IOCTL_MODE_SETCRTC, &set)) die("SETCRTC");
    if (xioctl(fd, DRM_IOCTL_DROP_MASTER, NULL)) die("DROP_MASTER");
    printf("HOLDFB fb=%u crtc=%u %ux%u\n", fb.fb_id, crtc_id, mode.hdisplay, mode.vdisplay);
    fflush(stdout);
    for (;;) pause();
}
