import Foundation
import HTTPTypes
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1

/// Sits in front of the HTTP codec, on raw bytes. It tells the guard when the client sends
/// anything, and ends connections for it: the final response is written as bytes (so NIO's encoder
/// cannot drop its body, as it does for any response to `CONNECT`), the write side is shut, and
/// whatever the client is still sending is read and discarded for a moment, so the client sees the
/// response rather than a reset caused by unread data. It also closes a connection that has been
/// unable to take more bytes for `writeStallTimeout` (a client that stopped reading).
final class HTTPWireHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundIn = IOData
    typealias OutboundOut = IOData

    let lingerTimeout: TimeAmount
    let writeStallTimeout: TimeAmount
    private var finishing = false
    private var lingerTask: Scheduled<Void>?
    private var stallTask: Scheduled<Void>?

    init(lingerTimeout: TimeAmount, writeStallTimeout: TimeAmount = .seconds(60)) {
        self.lingerTimeout = lingerTimeout
        self.writeStallTimeout = writeStallTimeout
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        if context.channel.isWritable {
            stallTask?.cancel()
            stallTask = nil
        } else if stallTask == nil {
            watchStall(context: context)
        }
        context.fireChannelWritabilityChanged()
    }

    /// Closes the connection when, `writeStallTimeout` from now, it still cannot take more bytes and
    /// none of what waits to be written went out meanwhile; a client that reads slowly (a large
    /// download at a low rate) moves some bytes in every period and is watched again.
    private func watchStall(context: ChannelHandlerContext) {
        let waiting = Self.bytesWaiting(context)
        stallTask = context.eventLoop.assumeIsolated().scheduleTask(in: writeStallTimeout) { [self] in
            stallTask = nil
            guard !context.channel.isWritable, !finishing else { return }
            if let waiting, let now = Self.bytesWaiting(context), now < waiting {
                watchStall(context: context)
            } else {
                context.close(promise: nil)
            }
        }
    }

    /// Bytes handed to the connection and not yet written to the socket (nil where the channel cannot tell).
    private static func bytesWaiting(_ context: ChannelHandlerContext) -> Int? {
        try? context.channel.syncOptions?.getOption(ChannelOptions.bufferedWritableBytes)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !finishing else { return }
        context.fireUserInboundEventTriggered(ClientBytesReceived())
        context.fireChannelRead(data)
    }

    func triggerUserOutboundEvent(context: ChannelHandlerContext, event: Any, promise: EventLoopPromise<Void>?) {
        guard let finish = event as? FinishConnection else {
            context.triggerUserOutboundEvent(event, promise: promise)
            return
        }
        promise?.succeed(())
        guard !finishing else { return }
        finishing = true
        if let bytes = finish.bytes {
            context.write(wrapOutboundOut(.byteBuffer(bytes)), promise: nil)
        }
        context.flush()
        // Half-close once everything queued is written; then linger until the client closes too.
        context.close(mode: .output, promise: nil)
        lingerTask = context.eventLoop.assumeIsolated().scheduleTask(in: lingerTimeout) {
            context.close(promise: nil)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        lingerTask?.cancel()
        lingerTask = nil
        stallTask?.cancel()
        stallTask = nil
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        lingerTask?.cancel()
        lingerTask = nil
        stallTask?.cancel()
        stallTask = nil
    }
}
