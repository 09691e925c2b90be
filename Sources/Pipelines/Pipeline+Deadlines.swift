import Engine
import Foundation
import Timekeeping
import Transcript
import Transport

/// The pipeline's chores on its clock: every running session's turn deadline, the sweep of idle
/// conversations each second and, on a shared store, the look for clocks started elsewhere, in
/// one `Timers` queue with one timer armed for the earliest.
package extension Pipeline {
    /// What the pipeline does at a time its clock tells.
    enum Chore: Sendable {
        /// A turn's deadline passes: the timeout is decided like any request.
        case turn(TurnDeadline)
        /// The earliest turn deadline of a conversation not in memory passes, as the store's
        /// index holds it (`timeClocksInStore`) or as it stood
        /// when the conversation left memory (`timeFromStore`): it is loaded, and its turns are
        /// timed from what it holds.
        case clockInStore(ConversationID)
        /// Conversations idle long enough leave memory (`evictIdleConversations`).
        case sweep
        /// On a shared store: the clocks another server started are timed here too, as
        /// `clockInStore` chores (`timeClocksInStore`).
        case clockSweep
        /// Accounts neither connected nor in a conversation in memory are forgotten.
        case accountSweep
        /// Seeks wait: those whose time has come are paired, a request like any.
        case pair
        /// A conversation's rated game waits to be rated, a request like any.
        case rate(ConversationID)
        /// The house bot's move in a conversation, a request like any.
        case houseBot(ConversationID)
    }

    /// A chore's key: one deadline per session, one of each sweep.
    enum ChoreKey: Hashable, Sendable {
        case turn(SessionID)
        case clockInStore(ConversationID)
        case sweep
        case clockSweep
        case accountSweep
        case pair
        case rate(ConversationID)
        case houseBot(ConversationID)
    }

    /// Schedules the chores a stored batch left.
    func schedule(_ chores: [BatchChore]) {
        for chore in chores {
            switch chore {
            case let .rate(id): timers.schedule(.rate(id), for: .rate(id), at: clock.now.date)
            case let .houseBot(id): timers.schedule(.houseBot(id), for: .houseBot(id), at: clock.now.advanced(by: Self.houseBotThought).date)
            case let .pair(at: due?): timers.schedule(.pair, for: .pair, at: due)
            case .pair(at: nil): timers.cancel(.pair)
            }
        }
        armTimers()
    }

    /// The chores due now, removed from the timers: the turns whose time has passed, as
    /// requests to decide; the sweeps done here, between batches, so that they never take a
    /// conversation from under a batch waiting for the store.
    func takeDueChores() async -> [Submission] {
        var deadlines: [Submission] = []
        let due = timers.removeDue(asOf: clock.now.date)
        // What the chores changed is published even when no batch follows them.
        defer { if !due.isEmpty { publish() } }
        for chore in due {
            switch chore {
            case let .turn(deadline):
                deadlines.append(.deadline(deadline))
            case let .clockInStore(id):
                do {
                    // On a shared store the clock may have stopped since (the game ended on
                    // another server): then there is nothing to load.
                    if isShared, !engine.holds(id), try await log.indexValue(IndexKind.clock, key: id.rawValue) == nil { continue }
                    try await load(id)
                } catch let error as EngineError {
                    // What the store holds of it cannot be read as a conversation: trying again
                    // would read the same.
                    logger.error("Cannot time a conversation whose turn clock runs: the store's records of it do not load",
                                 metadata: ["conversation": "\(id)", "error": "\(error)"])
                } catch {
                    logger.warning("Cannot load a conversation whose turn clock runs; trying again in a second",
                                   metadata: ["conversation": "\(id)", "error": "\(error)"])
                    timers.schedule(.clockInStore(id), for: .clockInStore(id), at: clock.now.advanced(by: .seconds(1)).date)
                }
            case .pair:
                deadlines.append(.pair)
            case let .rate(id):
                deadlines.append(.rate(id))
            case let .houseBot(id):
                deadlines.append(.houseBot(id))
            case .sweep:
                evictIdleConversations()
                publish()
                timers.schedule(.sweep, for: .sweep, at: clock.now.advanced(by: Self.sweepInterval).date)
            case .clockSweep:
                do {
                    try await timeClocksInStore()
                } catch {
                    logger.warning("Cannot read the store's running clocks", metadata: ["error": "\(error)"])
                }
                timers.schedule(.clockSweep, for: .clockSweep, at: clock.now.advanced(by: Self.clockSweepInterval).date)
            case .accountSweep:
                forgetAccounts()
                timers.schedule(.accountSweep, for: .accountSweep, at: clock.now.advanced(by: Self.accountSweepInterval).date)
            }
        }
        armTimers()
        return deadlines
    }

    /// How often idle conversations are looked for, even when nothing else happens.
    static let sweepInterval: Duration = .seconds(1)
    /// How often accounts no longer needed are forgotten, besides when conversations leave.
    static let accountSweepInterval: Duration = .seconds(30)

    /// Schedules the sweeps a pipeline runs for as long as it runs.
    func startSweeps() {
        timers.schedule(.sweep, for: .sweep, at: clock.now.advanced(by: Self.sweepInterval).date)
        timers.schedule(.accountSweep, for: .accountSweep, at: clock.now.advanced(by: Self.accountSweepInterval).date)
        if isShared {
            timers.schedule(.clockSweep, for: .clockSweep, at: clock.now.advanced(by: Self.clockSweepInterval).date)
        }
        armTimers()
    }

    /// The rated games of this pipeline's conversations that wait to be rated (the server
    /// stopped between a game's end and its rating): rated as soon as the pipeline runs.
    func rateWaitingGames() async {
        do {
            for entry in try await log.indexEntries(IndexKind.unrated, prefix: "") {
                let id = ConversationID(rawValue: entry.key)
                if engine.partition.holds(id) { timers.schedule(.rate(id), for: .rate(id), at: clock.now.date) }
            }
            armTimers()
        } catch {
            logger.warning("Cannot read the games waiting to be rated", metadata: ["error": "\(error)"])
        }
    }

    /// How many turns are timed, a conversation whose clock runs in the store and that is not
    /// loaded yet counting as one.
    var turnCount: Int {
        timers.count {
            switch $0 {
            case .turn, .clockInStore: true
            default: false
            }
        }
    }

    /// Times each conversation of this pipeline whose turn clock runs in the store without
    /// loading it, at the deadline the store's index holds for it: it is loaded then (or sooner,
    /// when a request needs it), and its turns are timed from what it holds, which may be later
    /// (the server's downtime does not count). A start after a crash under load loaded every
    /// such conversation first: 6.4 s for 821 of them. On a shared store it runs every 5 s too,
    /// for the clocks other servers start, so that their deadlines fire here should those servers
    /// stop (of the servers whose timeouts race, the store keeps one): a conversation in memory or
    /// timed already keeps its time.
    func timeClocksInStore() async throws {
        for entry in try await log.indexEntries(IndexKind.clock, prefix: "") {
            let id = ConversationID(rawValue: entry.key)
            guard engine.partition.holds(id), !engine.holds(id), !timers.contains(.clockInStore(id)) else { continue }
            let due = Int64(entry.value).map { Date(timeIntervalSince1970: Double($0) / 1000) } ?? clock.now.date
            timers.schedule(.clockInStore(id), for: .clockInStore(id), at: due)
        }
        armTimers()
    }

    /// Forgets every chore and stops the timer.
    func stopTimers() {
        timers.stop()
    }

    /// Times a session's turn from its new deadline, or forgets it once its clock stopped, as
    /// a decision says (`Decision.timers`); `armTimers` sets the timer once the batch is done.
    func time(_ change: TimerChange) {
        switch change {
        case let .set(deadline): timers.schedule(.turn(deadline), for: .turn(deadline.session), at: deadline.at)
        case let .cancel(session): timers.cancel(.turn(session))
        }
    }

    /// Times the turns that ran in a conversation that left memory by one chore at the earliest
    /// of their deadlines, which loads it again then (`clockInStore`) and times them from what
    /// the store holds.
    func timeFromStore(_ id: ConversationID, _ deadlines: [TurnDeadline]) {
        for deadline in deadlines { timers.cancel(.turn(deadline.session)) }
        guard let earliest = deadlines.map(\.at).min() else { return }
        timers.schedule(.clockInStore(id), for: .clockInStore(id), at: earliest)
        armTimers()
    }

    /// Times a session's turn, replacing the deadline of its previous turn.
    func schedule(_ deadline: TurnDeadline) {
        timers.schedule(.turn(deadline), for: .turn(deadline.session), at: deadline.at)
        armTimers()
    }

    /// Tries a deadline again in a second, when the store could not keep its timeout.
    func retry(_ deadline: TurnDeadline) {
        timers.schedule(.turn(deadline), for: .turn(deadline.session), at: clock.now.advanced(by: .seconds(1)).date)
        armTimers()
    }

    /// Sets the one timer for the earliest chore; when it passes, the pipeline wakes and takes
    /// what is due.
    func armTimers() {
        timers.arm(on: clock) { [weak self] in self?.wake() }
    }
}
