#pragma once
// The analysis windows driven as a user drives them: the real MainWindow at
// 1600×1000 with a fresh settings file, an example opened from Help ▸
// Examples… by keyboard, F5, and the Simulation menu opened with Alt+S and an item
// chosen by its mnemonic. Only key and mouse events act; the helpers read
// state (visible windows, actions enabled) to know when to go on.

#include <QApplication>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QSettings>
#include <QStandardPaths>
#include <QtTest>

#include "main_window.h"

namespace kelvin::test {

/// A settings file of its own, empty, for this test executable.
inline void useFreshSettings(const char* name) {
  QStandardPaths::setTestModeEnabled(true);
  QCoreApplication::setOrganizationName(QStringLiteral("KelvinE2E"));
  QCoreApplication::setApplicationName(QString::fromLatin1(name));
  QSettings().clear();
}

/// Shows `window` at 1600×1000 and waits until it is on screen and active.
inline bool showAtFullSize(QWidget& window) {
  window.resize(1600, 1000);
  window.show();
  window.activateWindow();
  return QTest::qWaitForWindowExposed(&window) && QTest::qWaitForWindowActive(&window);
}

/// Help ▸ Examples… (Alt+H, E), the example's title typed into the gallery's list (the list's
/// type-ahead selects it), Return. True when the window then shows `file` (its file name).
inline bool openExampleByKeyboard(gui::MainWindow& window, const QString& title, const QString& file) {
  QTest::keyClick(&window, Qt::Key_H, Qt::AltModifier);
  if (!QTest::qWaitFor([] { return qobject_cast<QMenu*>(QApplication::activePopupWidget()) != nullptr; }, 5000))
    return false;
  QTest::keyClick(QApplication::activePopupWidget(), Qt::Key_E);
  QListWidget* list = nullptr;
  if (!QTest::qWaitFor([&] {
        QWidget* gallery = QApplication::activeModalWidget();
        list = gallery ? gallery->findChild<QListWidget*>() : nullptr;
        return list && list->isVisible();
      }, 5000))
    return false;
  QTest::keyClicks(list, title);
  QTest::keyClick(list, Qt::Key_Return);
  return QTest::qWaitFor([&] { return window.currentFile().endsWith(QLatin1Char('/') + file); }, 5000);
}

/// F5, then waits until the run has ended (the analyses become available).
inline bool runByF5(gui::MainWindow& window) {
  QTest::keyClick(&window, Qt::Key_F5);
  return QTest::qWaitFor([&] { return window.action(QStringLiteral("frequencyResponse"))->isEnabled(); }, 60000);
}

/// Alt+S opens the Simulation menu; `mnemonic` chooses the item.
inline bool chooseFromSimulationMenu(gui::MainWindow& window, Qt::Key mnemonic) {
  // The user clicks back into the main window first (an analysis window may be in front).
  window.activateWindow();
  if (!QTest::qWaitForWindowActive(&window)) return false;
  QTest::keyClick(&window, Qt::Key_S, Qt::AltModifier);
  if (!QTest::qWaitFor([] { return qobject_cast<QMenu*>(QApplication::activePopupWidget()) != nullptr; }, 5000))
    return false;
  QTest::keyClick(QApplication::activePopupWidget(), mnemonic);
  return QTest::qWaitFor([] { return QApplication::activePopupWidget() == nullptr; }, 5000);
}

/// The visible top-level window of type Window, once it is active.
template <typename Window>
Window* activeAnalysisWindow(gui::MainWindow& window) {
  Window* found = nullptr;
  // The answer is read from `found` below: a window that is visible but not active yet still counts.
  (void)QTest::qWaitFor([&] {
    found = window.findChild<Window*>();
    return found && found->isVisible() && QApplication::activeWindow() == found;
  }, 5000);
  return found && found->isVisible() ? found : nullptr;
}

/// Presses Escape where the keyboard focus is in `window`.
inline void pressEscape(QWidget* window) {
  QWidget* focus = window->focusWidget() ? window->focusWidget() : window;
  QTest::keyClick(focus, Qt::Key_Escape);
}

}  // namespace kelvin::test
