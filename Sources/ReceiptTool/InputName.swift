import PureJSON

/// How output names an input: a file by its path, standard input as `-`, a line of `--lines` by its number.
enum InputName: Sendable, Equatable {
    /// A file, by the bytes of its path as given or as found in a directory.
    case path([UInt8])
    /// `-`.
    case standardInput
    /// A line of `--lines`, counted from 1.
    case line(Int)

    /// The name as an argument names it: `-` is standard input.
    init(argument: [UInt8]) {
        self = argument == [UInt8(ascii: "-")] ? .standardInput : .path(argument)
    }

    /// The name in text output: a path escaped by ``TerminalText`` (and its colons, since a line goes on with
    /// `: `), `-`, or `line N`.
    var display: String {
        switch self {
        case .path(let bytes):
            TerminalText.escaped(utf8: bytes, limit: TerminalText.maximumNameLength, reserving: .colon)
        case .standardInput: "-"
        case .line(let number): "line \(number)"
        }
    }

    /// The name's member of a JSON result: `file` (the path; one that is not UTF-8 in its escaped text form, as
    /// text output prints it) or `line`.
    func writeMember(into writer: inout JSONWriter) {
        switch self {
        case .path(let bytes):
            writer.key("file")
            writer.string(String(validating: bytes, as: UTF8.self) ?? TerminalText.escaped(utf8: bytes, limit: .max))
        case .standardInput:
            writer.key("file")
            writer.string("-")
        case .line(let number):
            writer.key("line")
            writer.integer(Int64(number))
        }
    }
}
