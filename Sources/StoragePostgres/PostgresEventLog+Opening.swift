import Foundation
import Logging
import NIOSSL
import PostgresNIO
import Storage

/// Opening a store: making Parley's tables, and reading its address.
extension PostgresEventLog {
    /// Makes the tables in a new database, checks that an old one is Parley's.
    static func migrate(_ connection: PostgresConnection, logger: Logger, at location: String) async throws {
        try await connection.withTransaction(logger: logger) { connection in
            // One opener at a time makes the tables.
            try await connection.query("SELECT pg_advisory_xact_lock(\(Self.appendLock))", logger: logger)
            var tables: [String] = []
            for try await name in try await connection.query("""
                SELECT table_name::text FROM information_schema.tables WHERE table_schema = current_schema()
                ORDER BY table_name
                """, logger: logger).decode(String.self) {
                tables.append(name)
            }
            if tables.contains("parley_store") {
                var format: String?
                for try await value in try await connection.query(
                    "SELECT value FROM parley_store WHERE key = 'format'", logger: logger
                ).decode(String.self) {
                    format = value
                }
                guard format == "1" else {
                    throw LogError.notALog(location, "its parley_store table names format \(format ?? "none"), not 1")
                }
                return
            }
            guard tables.isEmpty else {
                throw LogError.notALog(location, "it holds other tables (\(tables.prefix(5).joined(separator: ", "))) and no parley_store")
            }
            try await connection.query("CREATE TABLE parley_store (key text PRIMARY KEY, value text NOT NULL)", logger: logger)
            try await connection.query("INSERT INTO parley_store (key, value) VALUES ('format', '1')", logger: logger)
            try await connection.query("""
                CREATE TABLE log_record (position bigserial PRIMARY KEY, stream text NOT NULL, payload bytea NOT NULL)
                """, logger: logger)
            try await connection.query("CREATE INDEX log_record_stream ON log_record (stream, position)", logger: logger)
            try await connection.query("""
                CREATE TABLE index_entry (kind text NOT NULL, key text NOT NULL, value text NOT NULL, PRIMARY KEY (kind, key))
                """, logger: logger)
        }
    }

    /// Where the database is and how to reach it, from a `postgres://` URL.
    struct Target {
        enum Endpoint {
            case tcp(host: String, port: Int)
            /// libpq's `?host=/FOLDER`: the server's Unix socket in that folder.
            case socket(path: String)
        }

        enum Security {
            case disable, prefer, require
        }

        var endpoint: Endpoint
        var user: String
        var password: String?
        var database: String?
        var security: Security

        init(url: String) throws(LogError) {
            guard let components = URLComponents(string: url), ["postgres", "postgresql"].contains(components.scheme),
                let host = components.host, !host.isEmpty
            else {
                throw LogError.ioFailure(PostgresEventLog.redacted(url), "not a postgres://USER@HOST[:PORT]/DATABASE URL")
            }
            let port = components.port ?? 5432
            if let folder = components.queryItems?.first(where: { $0.name == "host" })?.value, folder.hasPrefix("/") {
                endpoint = .socket(path: "\(folder)/.s.PGSQL.\(port)")
            } else {
                endpoint = .tcp(host: host, port: port)
            }
            user = components.user ?? "postgres"
            password = components.password
            let name = String(components.path.drop(while: { $0 == "/" }))
            database = name.isEmpty ? nil : name
            switch components.queryItems?.first(where: { $0.name == "sslmode" })?.value ?? "prefer" {
            case "disable": security = .disable
            case "prefer", "allow": security = .prefer
            case "require", "verify-ca", "verify-full": security = .require
            case let mode: throw LogError.ioFailure(PostgresEventLog.redacted(url), "unknown sslmode \(mode)")
            }
        }

        var client: PostgresClient.Configuration {
            var configuration: PostgresClient.Configuration
            switch endpoint {
            case let .socket(path):
                configuration = .init(unixSocketPath: path, username: user, password: password, database: database)
            case let .tcp(host, port):
                let tls: PostgresClient.Configuration.TLS = switch security {
                case .disable: .disable
                case .prefer: .prefer(.makeClientConfiguration())
                case .require: .require(.makeClientConfiguration())
                }
                configuration = .init(host: host, port: port, username: user, password: password, database: database, tls: tls)
            }
            configuration.options.maximumConnections = 8
            return configuration
        }

        func connection() throws -> PostgresConnection.Configuration {
            switch endpoint {
            case let .socket(path):
                return .init(unixSocketPath: path, username: user, password: password, database: database)
            case let .tcp(host, port):
                let tls: PostgresConnection.Configuration.TLS = switch security {
                case .disable: .disable
                case .prefer: .prefer(try NIOSSLContext(configuration: .makeClientConfiguration()))
                case .require: .require(try NIOSSLContext(configuration: .makeClientConfiguration()))
                }
                return .init(host: host, port: port, username: user, password: password, database: database, tls: tls)
            }
        }
    }

    /// `url` without its password, for messages and logs.
    static func redacted(_ url: String) -> String {
        guard var components = URLComponents(string: url), components.password != nil else { return url }
        components.password = "PASSWORD"
        return (components.string ?? url).replacingOccurrences(of: ":PASSWORD@", with: ":…@")
    }
}
