// An app imports one module: the SDK core and Zia's contract come with it.
@_exported import ClientCore
@_exported import PlatformAPI
@_exported import ZiaAPI
@_exported import ZiaFoodRules
