import Foundation
import Testing
import UIKitModel
import UIKitSimulator

/// A controller searching with a search controller in its navigation item, recording what it hears.
private final class SearchingController: UIViewController, UISearchResultsUpdating, UISearchControllerDelegate, UISearchBarDelegate {
    let searchController = UISearchController(searchResultsController: nil)
    var events: [String] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        searchController.searchResultsUpdater = self
        searchController.delegate = self
        searchController.searchBar.delegate = self
        navigationItem.searchController = searchController
    }

    func updateSearchResults(for searchController: UISearchController) {
        events.append("update \(searchController.searchBar.text ?? "") active=\(searchController.isActive)")
    }
    func willPresentSearchController(_ searchController: UISearchController) { events.append("willPresent") }
    func didPresentSearchController(_ searchController: UISearchController) { events.append("didPresent") }
    func willDismissSearchController(_ searchController: UISearchController) { events.append("willDismiss") }
    func didDismissSearchController(_ searchController: UISearchController) { events.append("didDismiss") }
    func searchBarTextDidBeginEditing(_ searchBar: UISearchBar) { events.append("didBeginEditing") }
    func searchBar(_ searchBar: UISearchBar, selectedScopeButtonIndexDidChange selectedScope: Int) {
        events.append("scope \(selectedScope)")
    }
}

@Suite("Search controllers, scope bars and tokens (docs/model.md \"Search\")")
struct SearchControllerTests {
    @Test("Apple doc updateSearchResults(for:): the updater is called when the bar becomes first responder and at each change of its text")
    func updaterOnFirstResponderAndTextChange() {
        withSimulator { app in
            let controller = SearchingController()
            app.show(UINavigationController(rootViewController: controller))
            app.tap(controller.searchController.searchBar)
            app.type("ab")
            #expect(controller.events.filter { $0.hasPrefix("update") } == ["update  active=true", "update a active=true", "update ab active=true"])
            controller.searchController.searchBar.text = "abc"
            #expect(controller.events.last == "update abc active=true")
        }
    }

    @Test("A tap on the bar presents the search: willPresent, the bar's didBeginEditing, the update, then didPresent [U]; Cancel shows while active")
    func presentationOrder() {
        withSimulator { app in
            let controller = SearchingController()
            app.show(UINavigationController(rootViewController: controller))
            #expect(!controller.searchController.searchBar.showsCancelButton)
            app.tap(controller.searchController.searchBar)
            #expect(Array(controller.events.prefix(3)) == ["willPresent", "didBeginEditing", "update  active=true"])
            #expect(controller.searchController.isActive)
            #expect(controller.searchController.searchBar.showsCancelButton)
            app.advance(by: 0.3)
            #expect(controller.events.last == "didPresent")
        }
    }

    @Test("Cancel ends the search: the bar resigns, the text is cleared (the updater hears it), willDismiss then didDismiss")
    func cancelEndsSearch() {
        withSimulator { app in
            let controller = SearchingController()
            app.show(UINavigationController(rootViewController: controller))
            app.tap(controller.searchController.searchBar)
            app.type("x")
            app.runUntilIdle()
            controller.events.removeAll()
            app.tap(button: "Cancel")
            app.runUntilIdle()
            #expect(controller.events == ["willDismiss", "update  active=false", "didDismiss"])
            #expect(!controller.searchController.isActive)
            #expect(!app.isKeyboardVisible)
            #expect(!controller.searchController.searchBar.showsCancelButton)
        }
    }

    @Test("isActive = true presents without making the bar first responder; false dismisses and keeps the text")
    func isActiveFromCode() {
        withSimulator { app in
            let controller = SearchingController()
            app.show(UINavigationController(rootViewController: controller))
            controller.searchController.isActive = true
            app.runUntilIdle()
            #expect(controller.events == ["willPresent", "didPresent"])
            #expect(!controller.searchController.searchBar.isFirstResponder)
            controller.searchController.searchBar.text = "k"
            controller.searchController.isActive = false
            app.runUntilIdle()
            #expect(controller.searchController.searchBar.text == "k")
            #expect(controller.events.suffix(2) == ["willDismiss", "didDismiss"])
        }
    }

    @Test("Apple doc automaticallyShowsCancelButton: setting the bar's showsCancelButton turns it off, and activation leaves the button alone")
    func settingShowsCancelButtonTakesOver() {
        withSimulator { app in
            let controller = SearchingController()
            app.show(UINavigationController(rootViewController: controller))
            controller.searchController.searchBar.showsCancelButton = false
            #expect(!controller.searchController.automaticallyShowsCancelButton)
            app.tap(controller.searchController.searchBar)
            #expect(!controller.searchController.searchBar.showsCancelButton)
        }
    }

    @Test("navigationItem.searchController puts the bar under the 44-pt navigation bar, 52 pt taller [U], and the content's safe area follows")
    func placementInNavigationBar() {
        withSimulator(device: .iPhone16) { app in
            let controller = SearchingController()
            let navigation = UINavigationController(rootViewController: controller)
            app.show(navigation)
            let bar = controller.searchController.searchBar
            #expect(bar.superview === navigation.navigationBar)
            #expect(bar.frame == CGRect(x: 0, y: 44, width: 393, height: 52))
            #expect(navigation.navigationBar.frame.height == 96)
            #expect(controller.view.safeAreaInsets.top == navigation.navigationBar.frame.maxY)
        }
    }

    @Test("A user's tap on a scope button selects it and tells the delegate; code setting selectedScopeButtonIndex tells no one")
    func scopeButtons() {
        withSimulator(device: .iPhone16) { app in
            let controller = SearchingController()
            controller.searchController.searchBar.scopeButtonTitles = ["All", "Mine"]
            app.show(UINavigationController(rootViewController: controller))
            app.tap(controller.searchController.searchBar)
            #expect(controller.searchController.searchBar.showsScopeBar)
            app.tap(button: "Mine")
            #expect(controller.events.last == "scope 1")
            #expect(controller.searchController.searchBar.selectedScopeButtonIndex == 1)
            controller.searchController.searchBar.selectedScopeButtonIndex = 0
            #expect(controller.events.last == "scope 1")
        }
    }

    @Test("A standalone bar with its scope bar showing is 100 pt tall [U], 56 without")
    func scopeBarHeight() {
        SimulationLock.run {
            let bar = UISearchBar()
            #expect(bar.sizeThatFits(CGSize(width: 320, height: 0)).height == 56)
            bar.scopeButtonTitles = ["A", "B"]
            bar.showsScopeBar = true
            #expect(bar.sizeThatFits(CGSize(width: 320, height: 0)).height == 100)
        }
    }

    @Test("Search tokens are kept in order outside the text; Delete at the start of the text with tokens is not modelled (it traps)")
    func tokens() {
        SimulationLock.run {
            let field = UISearchTextField()
            field.text = "dog"
            let first = UISearchToken(icon: nil, text: "Beach")
            first.representedObject = 1
            field.insertToken(first, at: 0)
            field.insertToken(UISearchToken(icon: nil, text: "Sea"), at: 0)
            #expect(field.tokens.map { $0.text } == ["Sea", "Beach"])
            #expect(field.text == "dog")
            field.removeToken(at: 0)
            #expect(field.tokens.first?.representedObject as? Int == 1)
        }
    }

    @Test("A title view search bar spans the free width of the bar, 44 pt tall at most")
    func titleView() {
        withSimulator(device: .iPhone16) { app in
            let controller = UIViewController()
            let search = UISearchController(searchResultsController: nil)
            controller.navigationItem.titleView = search.searchBar
            app.show(UINavigationController(rootViewController: controller))
            #expect(search.searchBar.frame == CGRect(x: 8, y: 0, width: 377, height: 44))
        }
    }
}
