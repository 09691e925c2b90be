import Foundation
import Transport

package extension WebDriver {
    /// A JSON value as WebDriver takes and gives it: a command's body, a script's arguments and
    /// the value it returns (an element comes back as an object with `Element.key`).
    enum JSON: Sendable, Hashable, Codable, CustomStringConvertible, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
        ExpressibleByFloatLiteral, ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
    {
        case null
        case bool(Bool)
        case number(Double)
        case string(String)
        case array([JSON])
        case object([String: JSON])

        package init(_ value: Int) { self = .number(Double(value)) }
        package init(stringLiteral value: String) { self = .string(value) }
        package init(integerLiteral value: Int) { self = .number(Double(value)) }
        package init(floatLiteral value: Double) { self = .number(value) }
        package init(booleanLiteral value: Bool) { self = .bool(value) }
        package init(arrayLiteral elements: JSON...) { self = .array(elements) }
        package init(dictionaryLiteral elements: (String, JSON)...) { self = .object(Dictionary(elements) { $1 }) }

        package init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() {
                self = .null
            } else if let value = try? container.decode(Bool.self) {
                self = .bool(value)
            } else if let value = try? container.decode(Double.self) {
                self = .number(value)
            } else if let value = try? container.decode(String.self) {
                self = .string(value)
            } else if let value = try? container.decode([JSON].self) {
                self = .array(value)
            } else {
                self = .object(try container.decode([String: JSON].self))
            }
        }

        package func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .null: try container.encodeNil()
            case let .bool(value): try container.encode(value)
            case let .number(value): try container.encode(value)
            case let .string(value): try container.encode(value)
            case let .array(value): try container.encode(value)
            case let .object(value): try container.encode(value)
            }
        }

        package var string: String? { if case let .string(value) = self { value } else { nil } }
        package var number: Double? { if case let .number(value) = self { value } else { nil } }
        package var int: Int? { number.flatMap { Int(exactly: $0) } }
        package var bool: Bool? { if case let .bool(value) = self { value } else { nil } }
        package var array: [JSON]? { if case let .array(value) = self { value } else { nil } }

        package subscript(key: String) -> JSON? {
            if case let .object(value) = self { value[key] } else { nil }
        }

        package subscript(index: Int) -> JSON? {
            guard let array, array.indices.contains(index) else { return nil }
            return array[index]
        }

        /// Whether JavaScript takes the value as true, as `if (value)` would.
        package var isTruthy: Bool {
            switch self {
            case .null: false
            case let .bool(value): value
            case let .number(value): value != 0 && !value.isNaN
            case let .string(value): !value.isEmpty
            case .array, .object: true
            }
        }

        package var description: String {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "?"
        }
    }
}
