import AppPlatform
import Auth
import Foundation
import Hummingbird
import Persistence
import PlatformCore

extension Vault: ResponseEncodable {}

extension HintSearchResult: ResponseEncodable {}

extension Hint: ResponseEncodable {}

extension HintPage: ResponseEncodable {}
