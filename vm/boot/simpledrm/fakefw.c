// SPDX-License-Identifier: GPL-2.0
/*
 * fakefw: what a PC's firmware leaves behind for the kernel, for the boot test: QEMU's
 * bochs-display switched to a linear framebuffer mode (as the firmware's GOP or VESA BIOS does) and
 * a "simple-framebuffer" platform device describing it (as sysfb does from screen_info when
 * CONFIG_SYSFB_SIMPLEFB=y). simpledrm binds to that device and is card0 until the real driver
 * (bochs) loads and removes it through the aperture helpers, exactly as on a box whose
 * distribution kernel has simpledrm. Debian's kernel has neither simpledrm nor
 * SYSFB_SIMPLEFB, and QEMU's PVH boot leaves no screen_info: hence this module.
 * It cannot be unloaded: the device it registers may already be gone (removed by bochs).
 * Not the std VGA: its VBE enable zeroes the video memory on every mode set, so the first
 * frame a program shows with a full mode set (which bochs-drm's own fbdev set-up usually does
 * first) is wiped by QEMU itself; bochs-display keeps the memory, as real hardware does.
 */
#include <linux/io.h>
#include <linux/module.h>
#include <linux/pci.h>
#include <linux/platform_data/simplefb.h>
#include <linux/platform_device.h>

static int width = 1024;
static int height = 768;
module_param(width, int, 0444);
module_param(height, int, 0444);

/* Bochs VBE "DISPI" registers, 16 bits each at 0x500 in the device's MMIO BAR (BAR 2). */
#define VBE_DISPI_MMIO 0x500
#define VBE_DISPI_INDEX_XRES 1
#define VBE_DISPI_INDEX_YRES 2
#define VBE_DISPI_INDEX_BPP 3
#define VBE_DISPI_INDEX_ENABLE 4
#define VBE_DISPI_INDEX_VIRT_WIDTH 6
#define VBE_DISPI_INDEX_VIRT_HEIGHT 7
#define VBE_DISPI_INDEX_X_OFFSET 8
#define VBE_DISPI_INDEX_Y_OFFSET 9
#define VBE_DISPI_ENABLED 0x01
#define VBE_DISPI_LFB_ENABLED 0x40

static void vbe_write(void __iomem *mmio, u16 index, u16 value)
{
	writew(value, mmio + VBE_DISPI_MMIO + index * 2);
}

static int __init fakefw_init(void)
{
	struct pci_dev *vga = pci_get_device(0x1234, 0x1111, NULL);
	struct simplefb_platform_data pd = {
		.width = width, .height = height, .stride = width * 4, .format = "x8r8g8b8",
	};
	struct resource res = {};
	struct platform_device *pdev;
	void __iomem *mmio;

	if (!vga)
		return -ENODEV;
	res.name = "fakefw";
	res.start = pci_resource_start(vga, 0);
	res.end = res.start + (resource_size_t)width * height * 4 - 1;
	res.flags = IORESOURCE_MEM;

	mmio = ioremap(pci_resource_start(vga, 2), 0x1000);
	pci_dev_put(vga);
	if (!mmio)
		return -ENOMEM;
	vbe_write(mmio, VBE_DISPI_INDEX_ENABLE, 0);
	vbe_write(mmio, VBE_DISPI_INDEX_XRES, width);
	vbe_write(mmio, VBE_DISPI_INDEX_YRES, height);
	vbe_write(mmio, VBE_DISPI_INDEX_BPP, 32);
	vbe_write(mmio, VBE_DISPI_INDEX_VIRT_WIDTH, width);
	vbe_write(mmio, VBE_DISPI_INDEX_VIRT_HEIGHT, height);
	vbe_write(mmio, VBE_DISPI_INDEX_X_OFFSET, 0);
	vbe_write(mmio, VBE_DISPI_INDEX_Y_OFFSET, 0);
	vbe_write(mmio, VBE_DISPI_INDEX_ENABLE, VBE_DISPI_ENABLED | VBE_DISPI_LFB_ENABLED);
	iounmap(mmio);

	pdev = platform_device_register_resndata(NULL, "simple-framebuffer", 0, &res, 1, &pd, sizeof(pd));
	if (IS_ERR(pdev))
		return PTR_ERR(pdev);
	pr_info("fakefw: simple-framebuffer %dx%d at %pa\n", width, height, &res.start);
	return 0;
}
module_init(fakefw_init);

MODULE_DESCRIPTION("A firmware framebuffer on QEMU's std VGA, for testing simpledrm");
MODULE_LICENSE("GPL");
