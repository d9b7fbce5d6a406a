#!/usr/bin/env python3
"""Draws the example quizzes' pictures (run once when authoring; the JPEGs are committed).
Nothing here is anyone else's artwork: see LICENSE.md. Needs Pillow (pip install pillow)."""
import random
from PIL import Image, ImageDraw, ImageFilter

def planet(w=1600, h=1200):
    """A ringed planet on a field of stars: the space quiz's "Which planet is this?"."""
    random.seed(7)
    im = Image.new("RGB", (w, h), (6, 8, 20))
    d = ImageDraw.Draw(im)
    for _ in range(900):
        x, y, b = random.randrange(w), random.randrange(h), random.randrange(90, 255)
        d.point((x, y), fill=(b, b, min(255, b + 20)))
    cx, cy, r = w * 0.5, h * 0.5, h * 0.26
    ring = Image.new("L", (w, h), 0)
    rd = ImageDraw.Draw(ring)
    rd.ellipse([cx - r * 2.3, cy - r * 0.55, cx + r * 2.3, cy + r * 0.55], fill=200)
    rd.ellipse([cx - r * 1.55, cy - r * 0.33, cx + r * 1.55, cy + r * 0.33], fill=0)
    back = Image.new("RGB", (w, h), (214, 190, 140))
    im.paste(back, (0, 0), ring.point(lambda v: v))
    body = Image.new("RGB", (w, h))
    bd = ImageDraw.Draw(body)
    for y in range(int(cy - r), int(cy + r) + 1):
        t = (y - (cy - r)) / (2 * r)
        band = 0.5 + 0.5 * ((t * 9) % 1.0 > 0.5)
        bd.line([(0, y), (w, y)], fill=(int(200 + 40 * band), int(160 + 40 * band), int(100 + 30 * band)))
    mask = Image.new("L", (w, h), 0)
    ImageDraw.Draw(mask).ellipse([cx - r, cy - r, cx + r, cy + r], fill=255)
    im.paste(body, (0, 0), mask)
    front = Image.new("L", (w, h), 0)
    fd = ImageDraw.Draw(front)
    fd.ellipse([cx - r * 2.3, cy - r * 0.55, cx + r * 2.3, cy + r * 0.55], fill=220)
    fd.ellipse([cx - r * 1.55, cy - r * 0.33, cx + r * 1.55, cy + r * 0.33], fill=0)
    fd.rectangle([0, 0, w, cy], fill=0)
    im.paste(back, (0, 0), front)
    return im.filter(ImageFilter.GaussianBlur(1.2))

def fuji(w=1600, h=1066):
    """A stylised Mount Fuji at dawn over a lake: the Japanese quiz's "この山は？"."""
    im = Image.new("RGB", (w, h))
    d = ImageDraw.Draw(im)
    for y in range(h):
        t = y / h
        d.line([(0, y), (w, y)], fill=(int(250 - 90 * t), int(170 + 40 * t), int(120 + 120 * t)))
    d.ellipse([w * 0.70, h * 0.10, w * 0.84, h * 0.10 + w * 0.14], fill=(255, 236, 170))
    base = h * 0.78
    d.polygon([(w * 0.08, base), (w * 0.42, h * 0.22), (w * 0.58, h * 0.22), (w * 0.92, base)], fill=(70, 86, 140))
    d.polygon([(w * 0.33, h * 0.36), (w * 0.42, h * 0.22), (w * 0.58, h * 0.22), (w * 0.67, h * 0.36), (w * 0.60, h * 0.33),
               (w * 0.55, h * 0.38), (w * 0.50, h * 0.33), (w * 0.45, h * 0.38), (w * 0.40, h * 0.33)], fill=(245, 248, 255))
    d.rectangle([0, base, w, h], fill=(40, 90, 150))
    for k in range(6):
        y = base + (h - base) * (k + 1) / 7
        d.line([(w * 0.2, y), (w * 0.8, y)], fill=(90, 140, 200), width=3)
    return im.filter(ImageFilter.GaussianBlur(0.8))

if __name__ == "__main__":
    planet().save("planet.jpg", quality=88)
    fuji().save("fuji.jpg", quality=88)
