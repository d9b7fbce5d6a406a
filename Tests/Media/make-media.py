#!/usr/bin/env python3
"""Makes the test pictures in this folder (run once when authoring; the outputs are committed).
Everything here is drawn by this script: no third-party artwork, so no licence beyond the
project's. Needs Pillow (pip install pillow)."""
import struct, zlib
from PIL import Image, ImageDraw

def fuji(w, h):
    """A stylised Mount Fuji: a sky gradient, a snow-capped cone, a lake."""
    im = Image.new("RGB", (w, h))
    d = ImageDraw.Draw(im)
    for y in range(h):
        t = y / h
        d.line([(0, y), (w, y)], fill=(int(250 - 90 * t), int(170 + 40 * t), int(120 + 120 * t)))
    d.ellipse([w * 0.70, h * 0.10, w * 0.84, h * 0.10 + w * 0.14], fill=(255, 236, 170))
    base = h * 0.78
    d.polygon([(w * 0.08, base), (w * 0.42, h * 0.22), (w * 0.58, h * 0.22), (w * 0.92, base)], fill=(70, 86, 140))
    d.polygon([(w * 0.33, h * 0.36), (w * 0.42, h * 0.22), (w * 0.58, h * 0.22), (w * 0.67, h * 0.36),
               (w * 0.60, h * 0.33), (w * 0.55, h * 0.38), (w * 0.50, h * 0.33), (w * 0.45, h * 0.38), (w * 0.40, h * 0.33)],
              fill=(245, 248, 255))
    d.rectangle([0, base, w, h], fill=(40, 90, 150))
    for k in range(6):
        y = base + (h - base) * (k + 1) / 7
        d.line([(w * 0.2, y), (w * 0.8, y)], fill=(90, 140, 200), width=max(1, h // 200))
    return im

def alpha_png():
    im = Image.new("RGBA", (480, 360), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    d.ellipse([40, 40, 300, 300], fill=(255, 140, 0, 255))
    d.rectangle([200, 120, 440, 330], fill=(30, 90, 255, 128))
    d.polygon([(240, 20), (300, 110), (180, 110)], fill=(255, 255, 255, 200))
    im.save("alpha.png")

def exif6_jpeg():
    # Upright, the picture is portrait (300 wide, 400 tall) with an arrow pointing up; it is
    # stored turned a quarter anticlockwise, with EXIF orientation 6 ("turn right to show").
    up = Image.new("RGB", (300, 400), (120, 190, 250))
    d = ImageDraw.Draw(up)
    d.rectangle([0, 260, 300, 400], fill=(60, 160, 70))
    d.polygon([(150, 30), (250, 160), (190, 160), (190, 330), (110, 330), (110, 160), (50, 160)], fill=(220, 30, 40))
    d.rectangle([0, 0, 40, 40], fill=(255, 220, 0))  # the top-left corner, once upright
    stored = up.transpose(Image.Transpose.ROTATE_90)
    exif = Image.Exif()
    exif[0x0112] = 6
    stored.save("exif6.jpg", quality=92, exif=exif)

def webp():
    fuji(640, 400).save("photo.webp", quality=85)

def progressive():
    fuji(800, 600).save("progressive.jpg", quality=85, progressive=True)

def huge_header_png():
    # A valid PNG signature and IHDR claiming 100,000 x 100,000 pixels, and a tiny IDAT.
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    ihdr = struct.pack(">IIBBBBB", 100000, 100000, 8, 6, 0, 0, 0)
    data = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(b"\0" * 64)) + chunk(b"IEND", b"")
    open("huge-header.png", "wb").write(data)

def grey16_png():
    im = Image.linear_gradient("L").resize((64, 48)).convert("I;16")
    im.save("grey16.png")

if __name__ == "__main__":
    alpha_png(); exif6_jpeg(); webp(); progressive(); huge_header_png(); grey16_png()
