#pragma once
// The Simulation ▸ Analysis actions: "Identify ABCD Here", "Frequency
// Response…" and "Noise Spectrum…". They are enabled while a run is paused or
// after it has ended (the worker has handed over an AnalysisSnapshot: the
// compiled model and the state at the last output sample) and disabled while a
// run goes. Each action opens (or raises) its window at once, saying what it
// is doing, and computes on a pool thread (BackgroundTasks); the result is
// shown when it arrives. A newer request supersedes an older one still going.
// The Noise Spectrum window's Apply and Defaults ask again with its range
// (NoiseSpectrumWindow::sweep()). Closing a window never waits for its task:
// it cancels it (the task stops at its next check, every step of a run to the
// instant and every frequency) and drops whatever result was already on its way.

#include <atomic>
#include <map>
#include <memory>
#include <optional>

#include <QList>
#include <QObject>
#include <QPointer>

#include "analysis/background_tasks.h"
#include "engine/analysis_snapshot.h"
#include "engine/simulation_controller.h"

class QAction;
class QWidget;

namespace kelvin::gui {

class AbcdTableWindow;
class FrequencyWindow;
class NoiseSpectrumWindow;

class AnalysisLauncher : public QObject {
  Q_OBJECT

 public:
  /// `controller` must outlive the launcher; the windows are top-level children of `host`.
  AnalysisLauncher(SimulationController* controller, QWidget* host);
  ~AnalysisLauncher() override;

  /// "identifyAbcd", "frequencyResponse", "noiseSpectrum".
  QList<QAction*> actions() const { return actions_; }
  /// The instant the analyses use, or nullptr while there is none (no run, or a run going).
  const AnalysisSnapshot* snapshot() const { return snapshot_ ? &*snapshot_ : nullptr; }

  void identifyAbcd();
  void showFrequencyResponse();
  void showNoiseSpectrum();

  /// The windows opened so far (nullptr before the first request).
  AbcdTableWindow* abcdWindow() const;
  FrequencyWindow* frequencyWindow() const;
  NoiseSpectrumWindow* noiseWindow() const;

 Q_SIGNALS:
  /// A window has received its result or its error.
  void analysisDone();
  /// The actions' enabled state changed (a snapshot came or went).
  void availabilityChanged(bool available);

 private:
  QAction* makeAction(const QString& name, const QString& text, const QString& tip);
  bool eventFilter(QObject* watched, QEvent* event) override;
  void onAnalysable(const AnalysisSnapshot& snapshot);
  void onStateChanged(SimulationController::State state);
  void updateActions();
  /// Identifies the snapshot's model on a pool thread, then calls `show` with the report or the error.
  template <typename Window>
  void identifyInto(Window* window);
  template <typename Window>
  Window* raise(QPointer<Window>& window);
  /// Forgets the snapshot; its compiled model is freed off the GUI thread.
  void dropSnapshot();
  /// Records `task` as the one computing for `window`, cancelling the one it replaces.
  void supersede(QObject* window, std::shared_ptr<std::atomic<bool>> task);

  SimulationController* controller_;
  QWidget* host_;
  QList<QAction*> actions_;
  QAction* identifyAction_;
  QAction* frequencyAction_;
  QAction* noiseAction_;
  std::optional<AnalysisSnapshot> snapshot_;
  QPointer<AbcdTableWindow> abcd_;
  QPointer<FrequencyWindow> frequency_;
  QPointer<NoiseSpectrumWindow> noise_;
  std::map<QObject*, std::shared_ptr<std::atomic<bool>>> running_;  // per window, its latest task
  BackgroundTasks tasks_;
};

}  // namespace kelvin::gui
