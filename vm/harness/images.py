"""Images for the display tests: QEMU's PPM screendumps, reference PNGs (decoded by the
system's libpng through ctypes: a pure-Python decoder needs ~1.6 s per 1080p frame), and a
PNG writer for failure evidence. RGB bytes, row-major, no padding."""
import ctypes, ctypes.util, struct, zlib


def read_ppm(path):
    data = open(path, "rb").read()
    if data[:2] != b"P6":
        raise ValueError(f"{path}: not a binary PPM")
    fields, i = [], 2
    while len(fields) < 3:
        while data[i:i + 1].isspace():
            i += 1
        if data[i:i + 1] == b"#":
            i = data.index(b"\n", i)
            continue
        j = i
        while not data[j:j + 1].isspace():
            j += 1
        fields.append(int(data[i:j]))
        i = j
    w, h, maxval = fields
    if maxval != 255:
        raise ValueError(f"{path}: maxval {maxval}")
    return w, h, data[i + 1:i + 1 + w * h * 3]


class _PNGImage(ctypes.Structure):
    # png_image from png.h (libpng 1.6 "simplified API")
    _fields_ = [("opaque", ctypes.c_void_p), ("version", ctypes.c_uint32), ("width", ctypes.c_uint32),
                ("height", ctypes.c_uint32), ("format", ctypes.c_uint32), ("flags", ctypes.c_uint32),
                ("colormap_entries", ctypes.c_uint32), ("warning_or_error", ctypes.c_uint32),
                ("message", ctypes.c_char * 64)]


_libpng = None


def read_png(path):
    global _libpng
    if _libpng is None:
        _libpng = ctypes.CDLL(ctypes.util.find_library("png16") or "libpng16.so.16")
    img = _PNGImage()
    img.version = 1                      # PNG_IMAGE_VERSION
    if not _libpng.png_image_begin_read_from_file(ctypes.byref(img), path.encode()):
        raise ValueError(f"{path}: {img.message.decode(errors='replace')}")
    img.format = 2                       # PNG_FORMAT_RGB
    buf = ctypes.create_string_buffer(img.width * img.height * 3)
    if not _libpng.png_image_finish_read(ctypes.byref(img), None, buf, img.width * 3, None):
        _libpng.png_image_free(ctypes.byref(img))
        raise ValueError(f"{path}: {img.message.decode(errors='replace')}")
    return img.width, img.height, buf.raw


def write_png(path, image):
    w, h, rgb = image

    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
    raw = b"".join(b"\x00" + rgb[y * w * 3:(y + 1) * w * 3] for y in range(h))
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)) +
                chunk(b"IDAT", zlib.compress(raw, 1)) + chunk(b"IEND", b""))


def difference(a, b):
    """None when equal; else a one-line description (size, or count and first differing pixel)."""
    if a[:2] != b[:2]:
        return f"size {a[0]}x{a[1]} != {b[0]}x{b[1]}"
    if a[2] == b[2]:
        return None
    w = a[0]
    pa, pb = a[2], b[2]
    # Compare rows as bytes (fast), count pixels only in differing rows.
    count, first = 0, None
    row = w * 3
    for y in range(a[1]):
        ra, rb = pa[y * row:(y + 1) * row], pb[y * row:(y + 1) * row]
        if ra == rb:
            continue
        for x in range(w):
            if ra[x * 3:x * 3 + 3] != rb[x * 3:x * 3 + 3]:
                count += 1
                if first is None:
                    first = (x, y, tuple(ra[x * 3:x * 3 + 3]), tuple(rb[x * 3:x * 3 + 3]))
    x, y, ca, cb = first
    return f"{count} pixels differ, first at ({x},{y}): {ca} != {cb}"
