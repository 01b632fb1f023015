import Foundation
import Observation

/// A photo the user took or picked. The iOS app wraps `UIImage` (`jpegData(compressionQuality:)`).
public protocol CapturedImage: Sendable {
    /// The photo as JPEG, or nil when it cannot be encoded.
    func jpegData(compressionQuality: Double) -> Data?
}
