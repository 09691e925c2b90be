import Foundation
import Testing

/// docs/protocol.schema.json describes every frame of docs/PROTOCOL.md for clients in other
/// languages: every golden frame must match it, checked by Python's `jsonschema` package (JSON
/// Schema draft 2020-12), which scripts/test installs in .build/python and names in
/// `PARLEY_PYTHON`.
@Suite struct ProtocolSchemaTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let golden = folder.appendingPathComponent("Golden")
    static let schema = folder.deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs/protocol.schema.json")

    /// Every file in Golden/, read from the source tree.
    static let goldenNames: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: golden.path)) ?? [])
        .filter { $0.hasSuffix(".json") }.sorted()

    /// The schema's definition a golden file is checked against.
    static func definition(for name: String) -> String? {
        if name.hasPrefix("client-") { return "ClientFrame" }
        if name.hasPrefix("server-") { return "ServerFrame" }
        if name == "ErrorFrame.json" { return "ErrorFrame" }
        return nil
    }

    @Test func everyGoldenFileHasADefinitionToMatch() throws {
        try #require(!Self.goldenNames.isEmpty, "no golden files in \(Self.golden.path)")
        for name in Self.goldenNames {
            #expect(Self.definition(for: name) != nil, "Golden/\(name) is neither client-*, server-* nor ErrorFrame.json")
        }
    }

    @Test(.timeLimit(.minutes(1)), arguments: goldenNames)
    func aGoldenFileMatchesTheSchema(_ name: String) async throws {
        let definition = try #require(Self.definition(for: name))
        let frame = try String(contentsOf: Self.golden.appendingPathComponent(name), encoding: .utf8)
        let result = try await Self.validate(frame, against: definition)
        try #require(result.status == 0, """
            Golden/\(name) does not match $defs/\(definition) of docs/protocol.schema.json \
            (exit status \(result.status)):
            \(result.output)
            """)
    }

    /// The check can fail: a frame the server refuses as malformed does not match.
    @Test(.timeLimit(.minutes(1)))
    func aSendWithoutConversationDoesNotMatch() async throws {
        let frame = #"{"game":"icecream","id":"m1","type":"send","url":"?Base=base01"}"#
        let result = try await Self.validate(frame, against: "ClientFrame")
        try #require(result.status == Self.invalid, """
            a send without conversation should not match $defs/ClientFrame (exit status \(result.status)):
            \(result.output)
            """)
        #expect(result.output.contains("'conversation' is a required property"), "\(result.output)")
    }

    /// The exit status of the script for a frame that does not match.
    static let invalid: Int32 = 10
    /// The exit status of the script when `jsonschema` cannot be imported.
    static let missingPackage: Int32 = 3

    /// Reads the schema, checks that it is a valid draft 2020-12 schema, and checks one frame
    /// (JSON text) against `$defs/NAME`: exit status 0 when it matches, `invalid` with the
    /// errors when it does not, `missingPackage` without jsonschema, 2 for anything else.
    static let script = #"""
        import json, sys, traceback
        try:
            import jsonschema
        except ImportError as error:
            print(f"cannot import jsonschema: {error}")
            sys.exit(3)
        try:
            schema_path, name, text = sys.argv[1:4]
            with open(schema_path, encoding="utf-8") as file:
                schema = json.load(file)
            jsonschema.Draft202012Validator.check_schema(schema)
            validator = jsonschema.Draft202012Validator(
                {"$schema": schema["$schema"], "$defs": schema["$defs"], "$ref": "#/$defs/" + name})
            errors = list(validator.iter_errors(json.loads(text)))
        except Exception:
            traceback.print_exc()
            sys.exit(2)
        def explain(error):
            # Of a oneOf, the errors of the one branch whose "type" fits the frame, if one does.
            branches = {}
            for sub in error.context or []:
                branches.setdefault(sub.relative_schema_path[0], []).append(sub)
            fitting = [subs for subs in branches.values() if all(list(sub.absolute_path) != ["type"] for sub in subs)]
            if len(fitting) != 1:
                return [error]
            return [leaf for sub in fitting[0] for leaf in explain(sub)]
        for error in errors:
            for leaf in explain(error):
                where = "/".join(str(part) for part in leaf.absolute_path) or "(the frame)"
                print(f"{where}: {leaf.message}")
        sys.exit(10 if errors else 0)
        """#

    static func validate(_ frame: String, against definition: String) async throws -> (status: Int32, output: String) {
        // scripts/test makes a virtual environment with the package and names it here.
        let python = ProcessInfo.processInfo.environment["PARLEY_PYTHON"] ?? "python3"
        let result = try await run([python, "-c", script, schema.path, definition, frame])
        try #require(result.status != missingPackage, """
            This test needs python3 with the jsonschema package, missing from \(python); \
            scripts/test installs it in .build/python and names that python in PARLEY_PYTHON: \
            \(result.output)
            """)
        return result
    }

    /// Runs a program for at most a minute, waiting on a thread of its own, as
    /// PythonClientTests does: a blocking read must not hold one of the few threads the tests share.
    static func run(_ arguments: [String]) async throws -> (status: Int32, output: String) {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread { continuation.resume(with: Result { try runBlocking(arguments) }) }
        }
    }

    private static func runBlocking(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["timeout", "60"] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
