import UIKitModel
import UIKitSimulator

/// Runs `body` with a fresh simulated app, serialized with every other simulation in the process (UIKit's state is
/// process-wide and Swift Testing runs tests in parallel): how every test of these suites starts a simulator.
func withSimulator<R>(
    device: Device = .iPhone4, profile: BehaviorProfile = .default, _ body: (Simulator) throws -> R
) rethrows -> R {
    try SimulationLock.run { try body(Simulator(device: device, profile: profile)) }
}
