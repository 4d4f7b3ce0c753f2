import Foundation
import Testing
import UIKitModel
import UIKitSimulator
