import CZimg

/// Resampling with zimg (the scaling library of VapourSynth and FFmpeg's zscale filter),
/// Lanczos with 3 lobes: its kernel is widened by the reduction factor when shrinking (every
/// source pixel under an output pixel counts, what Pillow's LANCZOS does) and its inner loops
/// are SSE2/AVX2. Each channel of the premultiplied BGRA pixels is one 8-bit plane, resampled
/// by one filter graph built for the two sizes; the planes are split out of the pixels and
/// woven back in around it.
///
/// Chosen over pixman's separable convolution, the filter cairo uses: pixman weighs the taps
/// one by one in a generic loop, and even run as two one-axis passes it left the bench's
/// 4000×3000 JPEG (decoded at 1/4, scaled to 624×468) slower than Pillow's draft()+LANCZOS,
/// where zimg makes it faster (README, "Scaling"). libswscale has SIMD scalers too but brings
/// libavutil, and with it VA-API, VDPAU, OpenCL and X11 libraries, onto a kiosk; zimg needs
/// only libc and libstdc++.
enum Scaler {
    /// The API version the formats are described in (ZIMG_MAKE_API_VERSION).
    static let version = UInt32(ZIMG_API_VERSION_MAJOR) << 8 | UInt32(ZIMG_API_VERSION_MINOR)
    /// zimg wants rows aligned to 32 bytes (64 in its AVX-512 mode): 64 for both.
    static let alignment = 64

    /// A zimg filter graph, freed in deinit.
    private final class Graph {
        let raw: OpaquePointer
        init(_ raw: OpaquePointer) { self.raw = raw }
        deinit { zimg_filter_graph_free(raw) }
    }

    /// `source` resampled to `width` × `height` (premultiplied in and out).
    static func scale(_ source: Bitmap, width: Int, height: Int) throws(PictureError) -> Bitmap {
        guard width != source.width || height != source.height else { return source }
        let graph = try build(from: source, width: width, height: height)
        var tmpSize = 0
        try check(zimg_filter_graph_get_tmp_size(graph.raw, &tmpSize))
        let tmp = UnsafeMutableRawPointer.allocate(byteCount: max(tmpSize, alignment), alignment: alignment)
        defer { tmp.deallocate() }
        let inStride = (source.width + alignment - 1) / alignment * alignment
        let outStride = (width + alignment - 1) / alignment * alignment
        let planeIn = UnsafeMutableRawPointer.allocate(byteCount: inStride * source.height, alignment: alignment)
        defer { planeIn.deallocate() }
        let planeOut = UnsafeMutableRawPointer.allocate(byteCount: outStride * height, alignment: alignment)
        defer { planeOut.deallocate() }
        // Opaque pictures (every JPEG) need no alpha plane: it is 255 throughout.
        let opaque = source.pixels.allSatisfy { $0 >= 0xFF00_0000 }
        var out = [UInt32](repeating: opaque ? 0xFF00_0000 : 0, count: width * height)
        for shift in opaque ? [0, 8, 16] : [0, 8, 16, 24] {
            split(source, channel: shift, into: planeIn.assumingMemoryBound(to: UInt8.self), stride: inStride)
            var src = zimg_image_buffer_const()
            src.version = version
            quizkiosk_zimg_set_source_plane(&src, planeIn, inStride)
            var dst = zimg_image_buffer()
            dst.version = version
            quizkiosk_zimg_set_destination_plane(&dst, planeOut, outStride)
            try check(zimg_filter_graph_process(graph.raw, &src, &dst, tmp, nil, nil, nil, nil))
            weave(planeOut.assumingMemoryBound(to: UInt8.self), stride: outStride, channel: shift, width: width, height: height, into: &out)
        }
        withExtendedLifetime(graph) {}
        return Bitmap(width: width, height: height, pixels: out)
    }

    private static func build(from source: Bitmap, width: Int, height: Int) throws(PictureError) -> Graph {
        func format(_ w: Int, _ h: Int) -> zimg_image_format {
            var f = zimg_image_format()
            zimg_image_format_default(&f, version)
            f.width = UInt32(w)
            f.height = UInt32(h)
            f.pixel_type = ZIMG_PIXEL_BYTE
            f.color_family = ZIMG_COLOR_GREY
            f.pixel_range = ZIMG_RANGE_FULL
            return f
        }
        var from = format(source.width, source.height), to = format(width, height)
        var params = zimg_graph_builder_params()
        zimg_graph_builder_params_default(&params, version)
        params.resample_filter = ZIMG_RESIZE_LANCZOS
        params.filter_param_a = 3
        guard let g = zimg_filter_graph_build(&from, &to, &params) else { throw PictureError("cannot scale: \(lastError())") }
        return Graph(g)
    }

    /// One 8-bit channel (`channel`: the bit offset in the 0xAARRGGBB word) as a plane.
    private static func split(_ b: Bitmap, channel: Int, into plane: UnsafeMutablePointer<UInt8>, stride: Int) {
        b.pixels.withUnsafeBufferPointer { px in
            for y in 0..<b.height {
                let row = plane + y * stride, src = y * b.width
                for x in 0..<b.width { row[x] = UInt8(truncatingIfNeeded: px[src + x] >> UInt32(channel)) }
            }
        }
    }

    private static func weave(_ plane: UnsafeMutablePointer<UInt8>, stride: Int, channel: Int, width: Int, height: Int,
                              into out: inout [UInt32]) {
        out.withUnsafeMutableBufferPointer { px in
            for y in 0..<height {
                let row = plane + y * stride, dst = y * width
                for x in 0..<width { px[dst + x] |= UInt32(row[x]) << UInt32(channel) }
            }
        }
    }

    private static func check(_ rc: zimg_error_code_e) throws(PictureError) {
        guard rc == ZIMG_ERROR_SUCCESS else { throw PictureError("cannot scale: \(lastError())") }
    }

    private static func lastError() -> String {
        var buf = [CChar](repeating: 0, count: 256)
        _ = zimg_get_last_error(&buf, buf.count)
        return String(decoding: buf.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
