import Foundation
import SkyInterpreter

exit(SkyshellMain.run(CommandLine.arguments, environment: ProcessInfo.processInfo.environment))
