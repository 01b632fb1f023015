import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Bytes from the kernel's cryptographic generator, fetched in blocks: each read costs a system
/// call however few bytes it returns, and request IDs and new row IDs each need 16.
/// Handed-out bytes are overwritten with zeros, so none is ever given twice or lingers.
///
/// Guarded by `NSLock` (not `Mutex`, which needs iOS 18: this module is built for the iOS clients
/// too). A process that `fork`s without `exec` would share the unused rest of the block with its
/// child; the server never forks.
final class RandomBytePool: @unchecked Sendable {
    static let shared = RandomBytePool()
    private static let blockSize = 4096

    private let lock = NSLock()
    private var block = [UInt8](repeating: 0, count: RandomBytePool.blockSize)
    private var position = RandomBytePool.blockSize

    /// Fills `destination` (at most a block) with random bytes.
    func fill(_ destination: UnsafeMutableRawBufferPointer) {
        precondition(destination.count <= Self.blockSize)
        lock.lock()
        defer { lock.unlock() }
        if position + destination.count > Self.blockSize {
            block.withUnsafeMutableBytes(Self.refill)
            position = 0
        }
        let start = position
        block.withUnsafeMutableBytes { block in
            let slice = UnsafeMutableRawBufferPointer(rebasing: block[start..<start + destination.count])
            destination.copyMemory(from: UnsafeRawBufferPointer(slice))
            slice.initializeMemory(as: UInt8.self, repeating: 0)
        }
        position += destination.count
    }

    /// The kernel's generator as a file, opened once (Swift cannot call `getrandom` directly on
    /// Linux: Glibc's module does not export it). -1 where there is no such file.
    #if os(Linux)
        private static let urandom: Int32 = open("/dev/urandom", O_RDONLY | O_CLOEXEC)
    #endif

    private static func refill(_ block: UnsafeMutableRawBufferPointer) {
        #if os(Linux)
            var filled = 0
            while urandom >= 0, filled < block.count {
                let count = read(urandom, block.baseAddress! + filled, block.count - filled)
                if count > 0 {
                    filled += count
                } else if count == 0 || errno != EINTR {
                    break
                }
            }
            guard filled < block.count else { return }
            // No readable /dev/urandom (a bare chroot): the standard library's generator, which traps
            // rather than answer with anything but random bytes.
            var generator = SystemRandomNumberGenerator()
            for index in filled..<block.count { block[index] = generator.next() }
        #else
            var generator = SystemRandomNumberGenerator()
            for index in 0..<block.count { block[index] = generator.next() }
        #endif
    }
}
