#pragma once
// The analysis windows driven as a user drives them: the real MainWindow at
// 1600×1000 with a fresh settings file, a model opened with Ctrl+O and the
// file dialog, F5, and the Simulation menu opened with Alt+S and an item
// chosen by its mnemonic. Only key and mouse events act; the helpers read
// state (visible windows, actions enabled) to know when to go on.

#include <QApplication>
#include <QFileDialog>
#include <QLineEdit>
#include <QMenu>
#include <QSettings>
#include <QStandardPaths>
#include <QTimer>
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

/// Ctrl+O, the path typed into the file dialog's name field, Return. True when the window
/// then shows the file.
inline bool openByKeyboard(gui::MainWindow& window, const QString& path) {
  bool typed = false;
  QTimer::singleShot(0, &window, [&] {
    // The dialog runs its own event loop: act on it from inside it.
    QTRY_VERIFY_WITH_TIMEOUT(qobject_cast<QFileDialog*>(QApplication::activeModalWidget()), 5000);
    auto* dialog = qobject_cast<QFileDialog*>(QApplication::activeModalWidget());
    auto* name = dialog->findChild<QLineEdit*>(QStringLiteral("fileNameEdit"));
    QVERIFY(name);
    QTest::keyClicks(name, path);
    QTest::keyClick(name, Qt::Key_Return);
    typed = true;
  });
  QTest::keyClick(&window, Qt::Key_O, Qt::ControlModifier);
  QTRY_VERIFY_WITH_TIMEOUT(typed, 5000);
  return QTest::qWaitFor([&] { return window.currentFile() == path; }, 5000);
}

/// F5, then waits until the run has ended (the analyses become available).
inline bool runByF5(gui::MainWindow& window) {
  QTest::keyClick(&window, Qt::Key_F5);
  return QTest::qWaitFor([&] { return window.action(QStringLiteral("frequencyResponse"))->isEnabled(); }, 60000);
}

/// Alt+S opens the Simulation menu; `mnemonic` chooses the item.
inline bool chooseFromSimulationMenu(gui::MainWindow& window, Qt::Key mnemonic) {
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
  QTest::qWaitFor([&] {
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
