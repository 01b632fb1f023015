import AppPlatform
import Auth
import Foundation
import Hummingbird
import Persistence
import PlatformCore

// Knot's wire types that handlers answer with, encoded by the app's response encoder.
extension Vault: ResponseEncodable {}

extension HintSearchResult: ResponseEncodable {}

extension Hint: ResponseEncodable {}

extension HintPage: ResponseEncodable {}
