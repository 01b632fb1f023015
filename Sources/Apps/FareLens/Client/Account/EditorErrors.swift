import Foundation

/// FareLens's name for ClientCore's ``FormErrors``: what every FareLens form (watchlist editor,
/// alert settings, points vault) shows after the device's check or the server's 422, so a field
/// (`max_price_cents`) is marked the same way whichever side caught it.
public typealias EditorErrors = FormErrors

extension FormErrors {
    /// FareLens's name for ``ScreenText/message(_:)``: the one line a screen shows for any failure.
    public static func line(_ error: any Error) -> String { ScreenText.message(error) }
}
