import Foundation
import TutorbuildCLI

let console = Console.standard()
let status = Tutorbuild.main(
    Array(CommandLine.arguments.dropFirst()),
    context: CommandContext(console: console, environment: ProcessInfo.processInfo.environment))
Tutorbuild.exit(status)
