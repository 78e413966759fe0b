import Foundation

exit(ReceiptCommand.run(Array(CommandLine.arguments.dropFirst()), io: .standard))
