import Foundation
import HTTPTypes
import PlatformCore
import ZiaAPI

/// The signed-in account has no row (deleted while the request ran).
struct ZiaUserNotFound: Error, Equatable {}
