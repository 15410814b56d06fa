import Foundation
import JSON
import JSONRPC

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs a server over stdin/stdout. File descriptor 1 is pointed at stderr first, so a stray print
/// cannot corrupt the stream; messages go to a private duplicate of the real stdout.
public enum StdioTransport {
    public static func run() -> Int32 {
        let out = dup(1)
        dup2(2, 1)
        // When stdout is a pipe, a 1 MB buffer (Linux's default maximum) instead of 64 KB lets a
        // large reply (the symbols of a big file) leave in a few large writes rather than many
        // small ones each waiting for the client to read. Failing is harmless.
        _ = fcntl(out, 1031 /* F_SETPIPE_SZ */, Int32(1 << 20))
        func writeAll(_ p: UnsafeBufferPointer<UInt8>) {
            guard let base = p.baseAddress else { return }
            var done = 0
            while done < p.count {
                let n = systemWrite(out, base + done, p.count - done)
                if n < 0, errno == EINTR { continue }
                if n <= 0 { return }
                done += n
            }
        }
        func write(_ json: JSONValue) {
            // Header and body in two writes, the body straight from json-c's buffer: no copy.
            json.withSerializedBytes { body in
                MessageFramer.header(forLength: body.count).withUnsafeBufferPointer(writeAll)
                writeAll(body)
            }
        }
        func log(_ message: String) {
            let line = Array(("labelspec lsp: " + message + "\n").utf8)
            _ = line.withUnsafeBytes { systemWrite(2, $0.baseAddress!, $0.count) }
        }
        /// Writes buffers in order with `writev`, as many at a time as the system takes.
        func writeVector(_ buffers: [UnsafeBufferPointer<UInt8>]) {
            var vectors = buffers.filter { $0.count > 0 }.map {
                iovec(iov_base: UnsafeMutableRawPointer(mutating: $0.baseAddress), iov_len: $0.count)
            }
            var first = 0
            while first < vectors.count {
                let n = vectors.withUnsafeBufferPointer { v in
                    systemWritev(out, v.baseAddress! + first, Int32(min(v.count - first, 1024)))
                }
                if n < 0, errno == EINTR { continue }
                if n <= 0 { return }
                // Skip what was written, partly written buffers included.
                var left = n
                while first < vectors.count, left >= vectors[first].iov_len {
                    left -= vectors[first].iov_len
                    first += 1
                }
                if left > 0 {
                    vectors[first].iov_base += left
                    vectors[first].iov_len -= left
                }
            }
        }
        let server = LanguageServer(
            send: write, write: writeVector, log: log, logsToClient: true, concurrent: true,
            testHooks: ProcessInfo.processInfo.environment["LABELSPEC_TEST_HOOKS"] == "1")
        var framer = MessageFramer()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while server.exitCode == nil {
            let n = buffer.withUnsafeMutableBytes { read(0, $0.baseAddress!, $0.count) }
            if n <= 0 { break }  // the client went away
            for event in framer.feed(buffer[0..<n]) {
                switch event {
                case .message(let body): server.handle(body)
                case .badHeader(let why): log("bad header: \(why)")
                case .tooLarge(let length):
                    log("refused a \(length)-byte message")
                    server.emit(Outgoing.error(id: nil, ResponseError(.invalidRequest, "message of \(length) bytes is too large")))
                }
                if server.exitCode != nil { break }
            }
        }
        return server.exitCode ?? 1
    }
}

/// `write(2)` and `writev(2)` under one name on Linux and macOS (`Foundation` has a `write` too).
@inline(__always) func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
        return Glibc.write(fd, buffer, count)
    #else
        return Darwin.write(fd, buffer, count)
    #endif
}

@inline(__always) func systemWritev(_ fd: Int32, _ vectors: UnsafePointer<iovec>, _ count: Int32) -> Int {
    #if canImport(Glibc)
        return Glibc.writev(fd, vectors, count)
    #else
        return Darwin.writev(fd, vectors, count)
    #endif
}
