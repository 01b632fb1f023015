import Foundation
import HTTPTypes
import PlatformCore
import ZiaAPI

/// A saved plan changed under every retry of a compare-and-set update.
struct ArtifactBusy: Error, Equatable {}
