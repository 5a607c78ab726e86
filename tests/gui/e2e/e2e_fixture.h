#pragma once
// The end-to-end tests' shared fixture: the real MainWindow as a user meets it
// (1600×1000, default layout, a fresh settings file in a temporary directory,
// widget file dialogs), driven only by key presses, mouse clicks and typing
// into the widgets on screen; and what the tests read back: the status bar,
// the Problems panel, the scopes in the results area and the points their
// plots draw. References come from outside the window: `kelvin-cli` run as a
// separate process, or closed forms.

#include <cmath>
#include <memory>
#include <utility>
#include <vector>

#include <QApplication>
#include <QCompleter>
#include <QDialogButtonBox>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QFile>
#include <QFileDialog>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QPointer>
#include <QProcess>
#include <QPushButton>
#include <QSettings>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTimer>
#include <QtTest>

#include "elaborate/block_registry.h"
#include "engine/run_status_widget.h"
#include "engine/simulation_session.h"
#include "library.h"
#include "main_window.h"
#include "qcustomplot.h"
#include "scopes/results_area.h"
#include "scopes/scope_widget.h"
#include "scopes/scope_window.h"

namespace kelvin::e2e {

/// A simulated sample or a drawn point: (t, y).
using Points = std::vector<std::pair<double, double>>;

/// Slowest a test run of a shipped example may take before the test gives up (CI under load).
constexpr int kRunTimeoutMs = 30000;

/// The application's settings and data (recovery copies: XDG_DATA_HOME) go to the directory
/// `path` for the whole test executable, and file dialogs are Qt's own widgets (which keys can
/// fill in), as on a desktop without a native one.
inline void useSettingsIn(const QString& path) {
  QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, path);
  QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, path);
  qputenv("XDG_DATA_HOME", QFile::encodeName(path + QStringLiteral("/data")));
  QCoreApplication::setOrganizationName(QStringLiteral("KelvinE2E"));
  QCoreApplication::setApplicationName(QStringLiteral("Kelvin"));
  QCoreApplication::setAttribute(Qt::AA_DontUseNativeDialogs);
}

/// useSettingsIn a fresh temporary directory.
inline void useFreshSettings(const QTemporaryDir& dir) { useSettingsIn(dir.path()); }

/// What every end-to-end test executable holds: its fresh settings folder (in use from
/// construction on) and the block library the windows it opens read.
class Suite {
 public:
  Suite() {
    if (settingsDir_.isValid()) useFreshSettings(settingsDir_);
    blocks::registerAll(registry_);
  }
  /// False when the settings folder could not be made (the test cannot start clean).
  bool isReady() const { return settingsDir_.isValid(); }
  const QTemporaryDir& settingsDir() const { return settingsDir_; }
  const core::BlockRegistry& registry() const { return registry_; }

 private:
  QTemporaryDir settingsDir_;
  core::BlockRegistry registry_;
};

inline QString example(const char* name) { return QStringLiteral(KELVIN_EXAMPLES_DIR "/") + QString::fromLatin1(name); }

/// The main window as the application opens it.
class App {
 public:
  explicit App(const core::BlockRegistry& registry) : window_(std::make_unique<gui::MainWindow>(registry)) {
    window_->resize(1600, 1000);
    window_->show();
    window_->activateWindow();
    QVERIFY(QTest::qWaitForWindowExposed(window_.get()));
    QVERIFY(QTest::qWaitForWindowActive(window_.get()));
  }

  gui::MainWindow& window() { return *window_; }

  /// Where keys go: the focused widget, or the window.
  QWidget* keyTarget() const {
    QWidget* focus = QApplication::focusWidget();
    return focus ? focus : window_.get();
  }
  /// Presses a key in the window. When a dialog has just closed, the window system gives the
  /// focus back to the main window first (the offscreen platform does not: it is done here).
  void press(Qt::Key key, Qt::KeyboardModifiers modifiers = Qt::NoModifier) {
    if (!QApplication::activeModalWidget() && !window_->isActiveWindow()) {
      window_->activateWindow();
      QVERIFY(QTest::qWaitForWindowActive(window_.get()));
    }
    QTest::keyClick(keyTarget(), key, modifiers);
  }

  /// File ▸ Open (Ctrl+O): types `path` into the dialog and clicks Open.
  void openWithDialog(const QString& path) {
    answerNextFileDialog(path);
    press(Qt::Key_O, Qt::ControlModifier);
  }

  /// Opens the example `name` through File ▸ Open and waits until the window's title names it;
  /// false on timeout.
  bool openExample(const char* name) {
    openWithDialog(example(name));
    return QTest::qWaitFor([this, name] { return window_->windowTitle().startsWith(QString::fromLatin1(name)); });
  }

  /// The next file dialog that opens gets `path` typed into its file name field, then a click on
  /// its Open or Save button; when the dialog changed directory instead of accepting, the path
  /// is typed again (as a user would). A message box the dialog raises is reported and closed, and
  /// a dialog still open after kRunTimeoutMs is cancelled: the test then fails on what it
  /// expected, never hangs.
  static void answerNextFileDialog(const QString& path) {
    auto* poll = new QTimer;
    poll->setInterval(50);
    auto answered = std::make_shared<QPointer<QFileDialog>>();
    auto clock = std::make_shared<QElapsedTimer>();
    QObject::connect(poll, &QTimer::timeout, poll, [poll, path, answered, clock] {
      // Done once the dialog this poll answered has gone: never touch the next one.
      if (clock->isValid() && (answered->isNull() || !answered->data()->isVisible())) {
        poll->deleteLater();
        return;
      }
      QWidget* modal = QApplication::activeModalWidget();
      if (auto* box = qobject_cast<QMessageBox*>(modal); box && clock->isValid()) {
        qWarning("the file dialog said: %s", qPrintable(box->text()));
        box->reject();
        return;
      }
      auto* dialog = qobject_cast<QFileDialog*>(modal);
      if (!clock->isValid() && dialog) {
        *answered = dialog;
        clock->start();
      }
      if (!dialog || dialog != answered->data()) return;
      auto* name = dialog->findChild<QLineEdit*>(QStringLiteral("fileNameEdit"));
      // The field's completion list pops up whenever the dialog's file model has read more of
      // a directory, which under load is later than the keys: it then takes the Esc meant for
      // it or the Enter meant for the dialog. A user waits for it; the test switches it off.
      if (name && name->completer()) name->setCompleter(nullptr);
      if (!name || clock->hasExpired(kRunTimeoutMs)) {
        qWarning("the file dialog did not take %s: field '%s', directory %s", qPrintable(path),
                 name ? qPrintable(name->text()) : "(none)", qPrintable(dialog->directory().path()));
        dialog->reject();
        return;
      }
      auto* buttons = dialog->findChild<QDialogButtonBox*>(QStringLiteral("buttonBox"));
      QPushButton* accept = buttons ? buttons->button(dialog->acceptMode() == QFileDialog::AcceptSave
                                                          ? QDialogButtonBox::Save
                                                          : QDialogButtonBox::Open)
                                    : nullptr;
      if (name->text() != path) {
        QTest::keyClick(name, Qt::Key_A, Qt::ControlModifier);  // over a suggested name
        QTest::keyClicks(name, path);
      } else if (accept && accept->isEnabled()) {
        QTest::mouseClick(accept, Qt::LeftButton);  // the dialog's Open or Save button
      } else {
        QTest::keyClick(name, Qt::Key_Return);
      }
    });
    poll->start();
  }

  QString status() const { return window_->simulation()->statusWidget()->text(); }

  /// F5, then waits until the status bar says the run finished; false on timeout.
  bool runToTheEnd() {
    press(Qt::Key_F5);
    return QTest::qWaitFor([this] { return status().startsWith(QStringLiteral("Finished")); }, kRunTimeoutMs);
  }

  /// The scopes open in the results area.
  QList<gui::ScopeWindow*> scopes() const {
    QList<gui::ScopeWindow*> list;
    for (QDockWidget* dock : window_->results()->scopes())
      if (auto* scope = qobject_cast<gui::ScopeWindow*>(dock)) list << scope;
    return list;
  }
  gui::ScopeWindow* scope(const QString& title) const {
    for (gui::ScopeWindow* s : scopes())
      if (s->windowTitle() == title) return s;
    return nullptr;
  }

 private:
  std::unique_ptr<gui::MainWindow> window_;
};

/// Opens a menu of the menu bar by clicking its title, then clicks the item `text` (without '&').
inline void chooseMenuItem(gui::MainWindow& window, const QString& menu, const QString& item) {
  QMenuBar* bar = window.menuBar();
  QAction* title = nullptr;
  for (QAction* a : bar->actions())
    if (a->text().remove(QLatin1Char('&')) == menu) title = a;
  QVERIFY2(title && title->menu(), qPrintable(menu));
  QTest::mouseClick(bar, Qt::LeftButton, {}, bar->actionGeometry(title).center());
  QMenu* popup = title->menu();
  QTRY_VERIFY(popup->isVisible());
  QAction* target = nullptr;
  for (QAction* a : popup->actions())
    if (a->text().remove(QLatin1Char('&')) == item) target = a;
  QVERIFY2(target, qPrintable(item));
  QTest::mouseClick(popup, Qt::LeftButton, {}, popup->actionGeometry(target).center());
}

/// The field a dialog labels `label` (the label's buddy), or nullptr.
inline QWidget* fieldLabelled(QWidget* dialog, const QString& label) {
  for (QLabel* l : dialog->findChildren<QLabel*>())
    if (l->text() == label) return l->buddy();
  return nullptr;
}

/// The points the plot's first graph draws (after the scope's pending refresh and replot).
inline Points drawnPoints(gui::ScopeWindow* scope, int graph = 0) {
  Points points;
  QCustomPlot* plot = scope->scope()->plot();
  if (graph >= plot->graphCount()) return points;
  for (const QCPGraphData& d : *plot->graph(graph)->data()) points.emplace_back(d.key, d.value);
  return points;
}

/// The plot area (axis rect) of a scope, in pixels.
inline QSize plotSize(gui::ScopeWindow* scope) { return scope->scope()->plot()->axisRect()->rect().size(); }

/// `kelvin-cli simulate model --signals signal`: the samples of `signal`, read from its CSV.
inline Points cliSimulate(const QString& model, const QString& signal) {
  QProcess cli;
  cli.start(QStringLiteral(KELVIN_CLI_PATH), {QStringLiteral("simulate"), model, QStringLiteral("--signals"), signal});
  if (!cli.waitForFinished(kRunTimeoutMs) || cli.exitCode() != 0) {
    qWarning("kelvin-cli failed: %s", cli.readAllStandardError().constData());
    return {};
  }
  Points samples;
  const QList<QByteArray> lines = cli.readAllStandardOutput().split('\n');
  for (int i = 1; i < lines.size(); ++i) {  // line 0: the header
    const QList<QByteArray> cells = lines[i].split(',');
    if (cells.size() >= 2) samples.emplace_back(cells[0].toDouble(), cells[1].toDouble());
  }
  return samples;
}

/// `kelvin-cli validate model`: its exit code and its stderr lines.
inline std::pair<int, QStringList> cliValidate(const QString& model) {
  QProcess cli;
  cli.start(QStringLiteral(KELVIN_CLI_PATH), {QStringLiteral("validate"), model});
  cli.waitForFinished(kRunTimeoutMs);
  QStringList lines = QString::fromUtf8(cli.readAllStandardError()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
  return {cli.exitCode(), lines};
}

/// The sample of `samples` (ascending times) at time `t` exactly, or NaN when there is none.
inline double sampleAt(const Points& samples, double t) {
  const auto it = std::lower_bound(samples.begin(), samples.end(), t,
                                   [](const std::pair<double, double>& sample, double time) { return sample.first < time; });
  return it != samples.end() && it->first == t ? it->second : NAN;
}

}  // namespace kelvin::e2e
