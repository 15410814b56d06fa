import Foundation

/// Runs `onSignal` with the signal when a signal that ends a process arrives: SIGHUP (the
/// terminal closed), SIGINT (Ctrl-C), SIGQUIT (Ctrl-\\), SIGTERM (a CI job's timeout), SIGPIPE
/// sent by another process (it is to end the process, as `ReportFolder.discard(thenRaise:)`
/// does). A signal ignored when the run began stays ignored (`nohup labelspec render …`). A
/// SIGPIPE of the run's own write (standard error closed early: `render … 2>&1 | head -1`) is
/// not one: the write fails (`writeStandardError`), the run goes on. The handler only writes the
/// signal's number to a pipe, which a thread of its own reads: whichever thread the kernel picks
/// for the signal, it is never lost. `end()` puts the earlier handling back.
final class Interruption: @unchecked Sendable {
    static let signals = [SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGPIPE]
    private var previous: [(Int32, sigaction)] = []

    init(onSignal: @escaping @Sendable (Int32) -> Void) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return }
        let (readEnd, writeEnd) = (ends[0], ends[1])
        _ = fcntl(readEnd, F_SETFD, FD_CLOEXEC)
        _ = fcntl(writeEnd, F_SETFD, FD_CLOEXEC)
        interruptionPipe = writeEnd
        var handled = sigset_t()
        sigemptyset(&handled)
        for sig in Self.signals {
            var before = sigaction()
            guard sigaction(sig, nil, &before) == 0 else { continue }
            if let h = before.__sigaction_handler.sa_handler, unsafeBitCast(h, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) {
                // Ignored by whoever started the run (nohup): it stays so. SIGPIPE too: a write
                // to a closed pipe then fails with EPIPE, as it should here.
                continue
            }
            var action = sigaction()
            action.__sigaction_handler.sa_sigaction = interruptionHandler
            action.sa_flags = SA_SIGINFO | SA_RESTART
            sigemptyset(&action.sa_mask)
            guard sigaction(sig, &action, nil) == 0 else { continue }
            previous.append((sig, before))
            sigaddset(&handled, sig)
        }
        // Blocked by whoever started the run (a thread of a test runner that spawned it): a
        // signal handled here is to reach it. Threads started from now on inherit the mask.
        pthread_sigmask(SIG_UNBLOCK, &handled, nil)
        let reader = Thread {
            var byte: UInt8 = 0
            while true {
                let n = read(readEnd, &byte, 1)
                if n == 1 { onSignal(Int32(byte)) } else if n < 0, errno == EINTR { continue } else { return }
            }
        }
        reader.start()
    }

    func end() {
        for (sig, before) in previous {
            // SIGPIPE is ignored from now on: the run, its report written, is ending, and a write
            // to a closed standard error is to fail, not end it.
            if sig == SIGPIPE {
                signal(SIGPIPE, SIG_IGN)
                continue
            }
            var b = before
            sigaction(sig, &b, nil)
        }
    }
}

/// Where `interruptionHandler` writes a signal's number (the pipe `Interruption` reads).
nonisolated(unsafe) private var interruptionPipe: Int32 = -1

/// The signals' handler: async-signal-safe, it writes one byte (errno kept as it was). A SIGPIPE
/// the process sent itself (a write of its own to a closed pipe) is left to the write's EPIPE.
private let interruptionHandler: @convention(c) (Int32, UnsafeMutablePointer<siginfo_t>?, UnsafeMutableRawPointer?) -> Void = {
    sig, info, _ in
    if sig == SIGPIPE, let info, info.pointee._sifields._kill.si_pid == getpid() { return }
    let saved = errno
    var byte = UInt8(truncatingIfNeeded: sig)
    _ = write(interruptionPipe, &byte, 1)
    errno = saved
}
