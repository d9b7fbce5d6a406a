import Pictures
import Pixels
import Platform

/// What the picture thread does for the store, as values in and out: check the bytes against
/// their digest, keep them in the disk cache, prepare them for slots — or, with no bytes, find
/// them in the cache first. Everything slow or hostile happens here, never on the frame loop.
struct PictureJob: Sendable {
    var sha256: String
    /// nil: load them from the disk cache.
    var bytes: [UInt8]?
    /// Where the bytes came from, for the log line ("quizkiosk/r/media/…", a URL, "the cache").
    var origin: String
    var slots: [PictureSlot]
    var cache: PictureDiskCache?
}

struct PictureJobResult: Sendable {
    enum Outcome: Sendable {
        case prepared([OpaqueImage])
        case failed(String)
        /// No bytes given and none in the cache.
        case notCached
    }

    var sha256: String
    var origin: String
    var slots: [PictureSlot]
    var outcome: Outcome
    /// The verified bytes, when the store must keep them itself (no disk cache).
    var bytes: [UInt8]?
    /// The job looked the bytes up in the cache (it was given none).
    var loaded = false
}

enum PictureWork {
    static func run(_ job: PictureJob) -> PictureJobResult {
        var result = PictureJobResult(sha256: job.sha256, origin: job.origin, slots: job.slots, outcome: .notCached)
        result.loaded = job.bytes == nil
        var bytes: [UInt8]
        if let given = job.bytes {
            guard given.count <= PictureLimits.maxBytes else {
                result.outcome = .failed(PictureError.tooManyBytes(given.count).reason)
                return result
            }
            let got = SHA256.hex(given)
            guard got == job.sha256 else {
                result.outcome = .failed(PictureError.hashMismatch(expected: job.sha256, got: got).reason)
                return result
            }
            bytes = given
            if let cache = job.cache {
                do {
                    try cache.store(given, sha256: job.sha256)
                } catch {
                    // Shown all the same; only the next start will not find it on disk.
                    Log.warning("picture \(job.sha256.prefix(12))…: not kept in the cache: \(error)")
                    result.bytes = given
                }
            } else {
                result.bytes = given
            }
        } else {
            switch job.cache?.load(job.sha256) {
            case .success(let b)?: bytes = b
            case .failure(let e)?:
                Log.warning("picture \(job.sha256.prefix(12))…: \(e.reason)")
                return result
            case nil: return result
            }
            result.origin = "the cache"
        }
        do {
            result.outcome = .prepared(job.slots.isEmpty ? [] : try PicturePipeline.prepare(bytes, for: job.slots))
            if job.slots.isEmpty { try PicturePipeline.check(bytes) }
        } catch {
            result.outcome = .failed(error.reason)
        }
        return result
    }
}
