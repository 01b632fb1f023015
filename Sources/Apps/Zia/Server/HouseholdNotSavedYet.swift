import Foundation
import HTTPTypes
import PlatformCore
import ZiaAPI

/// `If-Match` on a household never saved: it names no version.
struct HouseholdNotSavedYet: Error, Equatable {}
