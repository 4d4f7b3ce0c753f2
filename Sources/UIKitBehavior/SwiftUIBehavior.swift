import Foundation

/// The version-dependent and uncertain SwiftUI behaviours (swiftui-behaviour.md §8), each a named switch whose
/// default is today's iOS; `BehaviorProfile.swiftUI` carries them.
public struct SwiftUIBehavior: Equatable, Sendable {
    /// How `onChange(of: focus)` sees focus moving from one field to another (S26 [U]).
    public enum FocusMoveTransitions: Equatable, Sendable {
        /// One change, `.first → .second`.
        case direct
        /// Two changes, `.first → nil → .second`.
        case viaNil
    }

    /// The order of nested `onSubmit` actions for one Return (S31 [U]).
    public enum NestedSubmitOrder: Equatable, Sendable {
        /// The outermost action first (a form's before its field's), as observed on iOS 15.
        case outerFirst
        /// The field's own action first.
        case innerFirst
    }

    /// What a focus assignment made in `onAppear` of a view that is just appearing does (S33 [W]/[U]).
    public enum AppearFocusAssignment: Equatable, Sendable {
        /// It focuses the field.
        case honoured
        /// It is dropped (the state reads `nil`/`false` again); one made a run-loop turn later works.
        case ignoredUntilLaidOut
    }

    /// The order of several `onChange` actions that fire in one update (S75 [U]).
    public enum OnChangeOrder: Equatable, Sendable {
        /// Inner views' actions before outer ones' (for one view, in the order written).
        case innerFirst
        /// Outer views' actions first.
        case outerFirst
    }

    /// When bodies, `onChange` actions and focus changes follow a state write (S78 [U]).
    public enum UpdateDelivery: Equatable, Sendable {
        /// At SwiftUI's next update: the end of the current run-loop turn (the main queue's next turn).
        case endOfRunLoopTurn
        /// At once, inside the write.
        case immediate
    }

    /// What Return does in a vertical `TextField` (S6).
    public enum VerticalFieldReturn: Equatable, Sendable {
        /// A line break goes into the text; `onSubmit` does not run.
        case insertsNewline
        /// `onSubmit` runs and the field ends editing.
        case submitsAndUnfocuses
    }

    /// What scrolling does to the keyboard, for `scrollDismissesKeyboard(.automatic)` (S49).
    public enum ScrollDismissal: Equatable, Sendable {
        case never, immediately, interactively
    }

    /// Which `onChange` forms exist (S73): iOS 14–16 have only `onChange(of:perform:)`; iOS 17 adds the zero- and
    /// two-parameter `onChange(of:initial:_:)` and deprecates the old one.
    public enum OnChangeSignature: Equatable, Sendable {
        /// iOS 14–16: a program calling `onChange(of:initial:_:)` stops, as it would not build for them.
        case oneParameter
        /// iOS 17 and later: every form works (the one-parameter form warns as deprecated).
        case zeroOrTwoParameters
    }

    /// Since iOS 14 SwiftUI lays out views out of the keyboard's area (S38); `false` is iOS 13.
    public var keyboardSafeArea = true
    /// A `String`-bound field's binding (and `onChange`) sees the input method's provisional letters (S18 [U]).
    public var bindingReceivesMarkedText = true
    /// Return in a single-line field ends editing unless an `onSubmit` action moved focus (S28 [W]).
    public var returnEndsEditing = true
    /// The software keyboard's Return in a vertical `TextField` (S6: iOS 16 to 18.5 insert a line break).
    public var verticalFieldSoftwareReturn = VerticalFieldReturn.insertsNewline
    /// A hardware keyboard's Return in a vertical `TextField` (S6: submits and unfocuses, "by design").
    public var verticalFieldHardwareReturn = VerticalFieldReturn.submitsAndUnfocuses
    /// `.automatic` dismissal in a `ScrollView` (S49 [U]: not documented).
    public var automaticScrollDismissalScrollView = ScrollDismissal.never
    /// `.automatic` dismissal in a `List` and a `Form` (S49: a List dismisses immediately; a Form is a List [U]).
    public var automaticScrollDismissalList = ScrollDismissal.immediately
    /// `.automatic` dismissal in a `TextEditor` (S49: interactively).
    public var automaticScrollDismissalTextEditor = ScrollDismissal.interactively
    /// A `TextField(value:format:)` also writes parsable values while the user types, not only on Return or when
    /// editing ends (S13 [U]: Apple's pages say both; iOS 15 was observed committing only).
    public var formattedFieldWritesWhileTyping = false
    /// How focus moving between fields reaches `onChange(of:)` (S26 [U]).
    public var focusMoveTransitions = FocusMoveTransitions.direct
    /// The order of nested `onSubmit` actions (S31 [U]).
    public var nestedSubmitOrder = NestedSubmitOrder.outerFirst
    /// Whether a focus assignment in `onAppear` of an appearing view works (S33).
    public var appearFocusAssignment = AppearFocusAssignment.ignoredUntilLaidOut
    /// The order of `onChange` actions in one update (S75 [U]).
    public var onChangeOrder = OnChangeOrder.innerFirst
    /// When SwiftUI reacts to state written from outside a view update (S78 [U]).
    public var updateDelivery = UpdateDelivery.endOfRunLoopTurn

    /// `UIHostingController.safeAreaRegions` exists (iOS 16.4); `false` (earlier iOS) keeps the keyboard avoidance a
    /// hosting controller applies by itself whatever the property says (S41, S68).
    public var hostingSafeAreaRegionsAPI = true
    /// `safeAreaInset` on a `List` or `Form` does not make its last rows reachable: the list keeps its full height
    /// under the inset content (S44 [U]: iOS 15.0–15.1).
    public var safeAreaInsetListBug = false
    /// `.keyboard` toolbar items appear only inside a `NavigationStack` (S46 [U]: not documented).
    public var keyboardToolbarNeedsNavigationContainer = false
    /// `defaultFocus` works in a sheet (S35 [U]: reported to have no effect there on iOS 18.2).
    public var defaultFocusInSheet = true
    /// Which `onChange` forms the iOS version has (S73).
    public var onChangeSignature = OnChangeSignature.zeroOrTwoParameters
    /// A `LazyVStack` row appears (`onAppear`, `task`) only while it shows in its scroll view and disappears when it
    /// scrolls out; `false` makes every row appear at once, as in a `VStack` (S77 [U]).
    public var lazyRowsAppearWhileOnScreen = true
    /// In how many updates of one frame an `onChange` action may run before SwiftUI cuts it off with its runtime
    /// warning (S16 [U]: the number of rounds is not documented).
    public var onChangeRoundsPerFrame = 8
    /// The gap left between a field scrolled into view for the keyboard and the keyboard's top (S47 [U]: small and
    /// not documented); 0 puts the field's bottom edge on the keyboard.
    public var focusedFieldKeyboardMargin: CGFloat = 0
    /// Code changing the bound text of a field being edited moves the caret to the end of the text (S17 [U]); `false`
    /// keeps the caret at its offset, clamped to the new text.
    public var externalTextChangeMovesCaretToEnd = true
    /// An `onTapGesture` takes taps only on what the view draws unless `contentShape` is applied (S58 [U]); `true`
    /// makes the whole frame take them, spacers and clear areas included.
    public var tapGestureTakesWholeFrame = false
    /// Entering more than 19 digits into a field bound to an `Int` stops the program, as the overflow crash
    /// reported on iOS 15 (S14 [U]); `false` (today) treats the text as unparsable (S12).
    public var integerFieldOverflowCrashes = false
    /// On iPad, `keyboardType` has no visible effect: the full keyboard shows whatever the field asks for (S10 [U]);
    /// the SwiftUI field's `UITextField` gets the default keyboard type.
    public var padIgnoresKeyboardType = true
    /// A field writes its text to its binding once more as editing ends, so a field whose `ForEach` row was removed
    /// while it was focused writes through a stale index (out of range: the program stops) (S79 [U]); `false` writes
    /// only on edits.
    public var fieldWritesBindingWhenEditingEnds = false
    /// Content in a bottom `safeAreaInset` sits behind a `.keyboard` toolbar, as reported for iOS 27 seed 3
    /// (S80 [U]); `false` (the release) keeps it above the toolbar.
    public var safeAreaInsetUnderKeyboardToolbar = false
    /// A view made `focusable()` takes focus on iPhone when code assigns the focus state bound to it, ending a field's
    /// editing (S36 [U]: one report has it working on iPhone); `false` follows Apple's convention that only text
    /// input takes focus without system-wide keyboard navigation: the assignment is dropped.
    public var focusableViewsTakeFocus = false
    /// While the finger drags the keyboard down (`.interactively`), the content laid out above it, a bottom
    /// `safeAreaInset` included, follows the keyboard (S51 [U]); `false` (as reported) leaves it in place until the
    /// keyboard hides or settles.
    public var contentFollowsInteractiveKeyboardDrag = false
    /// The hosting view applies the keyboard's area only after the update that reports the focus change has run its
    /// actions, so a `scrollTo` in `onChange(of: focus)` still sees the viewport without the keyboard (S55 [U]: the
    /// reason given for chat screens delaying it by 0.25 s); `false` (the course's swiftui-chat-screen lesson relies
    /// on it) applies it as `keyboardWillShow` arrives, before the update.
    public var keyboardAvoidanceAfterFocusChange = false
    /// In the update that follows a write a representable's coordinator made through a binding (from a UIKit
    /// callback), `updateUIView` still reads the value from before the write, so code that copies the binding into
    /// the UIKit view puts the old text back (S64 [U]: reported on iOS 15–16); `false` reads the new value.
    public var updateUIViewSeesStaleBinding = false
    /// A hosting controller's view used as an `inputAccessoryView` is laid out taller than its frame by the window's
    /// bottom safe-area inset (S69 [U]: an enlarged bar reported on iOS 14; the amount is the model's); `false`
    /// gives it its frame's height.
    public var hostingAccessoryViewTooTall = false
    /// The Delete key with the caret at the start of a `searchable` field that has tokens first selects the last token
    /// and a second press removes it, as `UISearchTextField` does ([U]: Apple's `allowsDeletingTokens` says only that
    /// the user can delete tokens, not how many presses it takes); `false` removes the last token on the first press.
    public var searchTokenDeleteSelectsFirst = true

    public init() {}
}
