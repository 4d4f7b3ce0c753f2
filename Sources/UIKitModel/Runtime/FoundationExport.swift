// The model re-exports Foundation so that its members (see OrderedNotificationCenter.swift) shadow Foundation's.
@_exported import Foundation
