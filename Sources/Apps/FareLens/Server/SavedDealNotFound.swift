import FareLensAPI
import HTTPTypes
import PlatformCore

/// The caller has no saved deal of that id.
struct SavedDealNotFound: Error, Equatable {}
