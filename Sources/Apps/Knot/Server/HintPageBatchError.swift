import Foundation
import KnotAPI
import NIOCore
import Persistence
import PlatformCore
import SQLKit

/// The batch statement answered other than with one row per request, in order, or with arrays of
/// different lengths: a defect, not data.
enum HintPageBatchError: Error {
    case unexpectedRow(Int)
    case missingRow(Int)
    case unevenArrays
}
