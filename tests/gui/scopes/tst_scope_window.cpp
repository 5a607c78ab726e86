// The scope window's signal chooser: a free scope on a run of many signals
// shows the first ScopeWidget::kDefaultTraceCount; the tool bar's Signals
// button opens the list of all the run's signals with the shown ones ticked,
// the filter narrows it, and ticking or unticking a signal adds or removes its
// trace. The band's k field follows the k each run brings.

#include <QDoubleSpinBox>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QTimer>
#include <QToolBar>
#include <QToolButton>
#include <QtTest>

#include "scopes/run_history.h"
#include "scopes/run_result.h"
#include "scopes/scope_widget.h"
#include "scopes/scope_window.h"
#include "scopes/signal_chooser.h"

using kelvin::gui::RunHistory;
using kelvin::gui::RunInfo;
using kelvin::gui::RunResult;
using kelvin::gui::SampleBatch;
using kelvin::gui::ScopeWidget;
using kelvin::gui::ScopeWindow;
using kelvin::gui::SignalChooser;

class TestScopeWindow : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void chooserPicksTheTraces() {
    RunHistory history;
    ScopeWindow window(QStringLiteral("Signals 1"), &history);
    window.resize(900, 500);
    window.show();
    RunInfo info;
    for (int k = 1; k <= 40; ++k) info.signalNames << QStringLiteral("C%1.v").arg(k);
    RunResult* run = history.beginRun(info);
    SampleBatch batch;
    batch.addRow(0.0, std::vector<double>(40, 0.0));
    batch.addRow(1.0, std::vector<double>(40, 1.0));
    run->append(batch);
    ScopeWidget* scope = window.scope();
    QCOMPARE(scope->traces().size(), std::size_t(ScopeWidget::kDefaultTraceCount));

    auto* button = window.toolBar()->findChild<QToolButton*>(QStringLiteral("chooseSignals"));
    QVERIFY(button && button->menu());
    SignalChooser* chooser = window.signalChooser();
    int listed = -1, ticked = -1, afterFilter = -1;
    // The menu runs its own event loop while open: act on it from inside.
    QTimer::singleShot(0, this, [&] {
      QListWidget* list = chooser->list();
      listed = list->count();
      ticked = static_cast<int>(chooser->checkedSignals().size());
      QTest::keyClicks(chooser->filter(), QStringLiteral("C3"));
      afterFilter = 0;
      for (int i = 0; i < list->count(); ++i) afterFilter += list->item(i)->isHidden() ? 0 : 1;
      // Tick C33.v, untick C1.v.
      for (int i = 0; i < list->count(); ++i) {
        QListWidgetItem* item = list->item(i);
        if (item->text() == QLatin1String("C33.v")) item->setCheckState(Qt::Checked);
        if (item->text() == QLatin1String("C1.v")) item->setCheckState(Qt::Unchecked);
      }
      button->menu()->close();
    });
    QTest::mouseClick(button, Qt::LeftButton);
    QCOMPARE(listed, 40);
    QCOMPARE(ticked, ScopeWidget::kDefaultTraceCount);
    QCOMPARE(afterFilter, 11);  // C3 and C30 … C39
    QStringList expected = info.signalNames.mid(1, ScopeWidget::kDefaultTraceCount - 1);
    expected << QStringLiteral("C33.v");
    QCOMPARE(scope->shownSignals(), expected);
    QCOMPARE(scope->traces().size(), std::size_t(ScopeWidget::kDefaultTraceCount));

    // Unticking every signal leaves the scope empty (not back to the default ones).
    QTimer::singleShot(0, this, [&] {
      QListWidget* list = chooser->list();
      for (int i = 0; i < list->count(); ++i) list->item(i)->setCheckState(Qt::Unchecked);
      button->menu()->close();
    });
    QTest::mouseClick(button, Qt::LeftButton);
    QVERIFY(scope->shownSignals().isEmpty());
    QVERIFY(scope->traces().empty());
  }

  void sigmaFieldFollowsTheRun() {
    RunHistory history;
    ScopeWindow window(QStringLiteral("Scope"), &history);
    auto* k = window.findChild<QDoubleSpinBox*>(QStringLiteral("sigmaFactor"));
    QVERIFY(k);
    QCOMPARE(k->value(), 3.0);
    RunInfo info;
    info.signalNames = {QStringLiteral("NS.y")};
    info.hasVariance = true;
    info.sigmaFactor = 1.5;
    history.beginRun(info);
    QCOMPARE(k->value(), 1.5);
    // And the field sets the scope's k.
    k->setValue(4.5);
    QCOMPARE(window.scope()->sigmaFactor(), 4.5);
  }
};

QTEST_MAIN(TestScopeWindow)
#include "tst_scope_window.moc"
