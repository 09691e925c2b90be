import Foundation
import Logging
import PostgresNIO
import Storage
import Synchronization

/// The time the database has to answer: a pool waits for it for ever otherwise.
extension PostgresEventLog {
    /// How long the database has to answer a read or an append (a lease of a connection
    /// included) before the caller hears that it is unreachable: while it is down, the pool
    /// would wait for it for ever, and every move with it.
    public static let answerTimeout: Duration = .seconds(10)

    /// `operation`, or an `io-failure` once `answerTimeout` has passed. The caller does not wait
    /// for the operation to end after that: it is cancelled, but a query on a connection that
    /// has not yet noticed the database is gone may not hear of it until the connection does
    /// (an append already sent may yet commit, which its caller learns when it reads the store
    /// again). A task group would wait for it, and the caller with it.
    func answered<T: Sendable>(_ operation: @escaping @Sendable () async throws -> T) async throws -> T {
        let race = Race<T>()
        let location = location
        return try await withCheckedThrowingContinuation { continuation in
            race.begin(continuation)
            let timer = Task {
                // Cancelled when the operation answers in time.
                do { try await Task.sleep(for: Self.answerTimeout) } catch { return }
                if race.finish(.failure(LogError.ioFailure(location, "the database did not answer within \(Self.answerTimeout)"))) {
                    race.cancelWork()
                }
            }
            race.start(Task {
                let result: Result<T, any Error>
                do { result = .success(try await operation()) } catch { result = .failure(error) }
                if race.finish(result) { timer.cancel() }
            })
        }
    }

    /// An operation against its timeout: whichever ends first answers the caller, once.
    fileprivate final class Race<T: Sendable>: Sendable {
        private let state = Mutex<(answer: CheckedContinuation<T, any Error>?, work: Task<Void, Never>?)>((nil, nil))

        func begin(_ answer: CheckedContinuation<T, any Error>) { state.withLock { $0.answer = answer } }
        func start(_ work: Task<Void, Never>) { state.withLock { $0.work = work } }
        func cancelWork() { state.withLock { $0.work }?.cancel() }

        /// Answers the caller with `result`; false when it was answered already.
        func finish(_ result: Result<T, any Error>) -> Bool {
            guard let answer = state.withLock({ $0.answer.take() }) else { return false }
            answer.resume(with: result)
            return true
        }
    }
}
