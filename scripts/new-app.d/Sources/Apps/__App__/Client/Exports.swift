// An app imports one module: the SDK core and __App__'s contract come with it.
@_exported import ClientCore
@_exported import PlatformAPI
@_exported import __App__API
