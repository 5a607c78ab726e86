#pragma once
// Simulation ▸ Settings: the model's stop time, solver, tolerances, output
// step, temperature and state projection, and the noise options kept in
// settings.extra["noise"] = {"envelope": bool, "relinearization_tolerance":
// number, "monte_carlo_runs": int, "seed": int, "sigma_factor": number, "method":
// "elements" or "portions"} (the engine reads the same keys), and where a run
// starts, settings.extra["initial"]: "ic" (the model's start values) or
// "operating_point" (the DC operating point). OK stores them as one undo step.

#include <QDialog>

#include "model/model.h"

class QCheckBox;
class QComboBox;
class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace kelvin::gui {

class ModelDocument;

class SettingsDialog : public QDialog {
  Q_OBJECT

 public:
  explicit SettingsDialog(ModelDocument* document, QWidget* parent = nullptr);

  /// The settings as entered; valid only when isValid().
  core::Settings settings() const;
  bool isValid() const;
  void accept() override;

 private:
  void validate();

  ModelDocument* document_;
  QLineEdit* stopTime_;
  QComboBox* solver_;
  QLineEdit* rtol_;
  QLineEdit* atol_;
  QLineEdit* step_;
  QLineEdit* temperature_;
  QCheckBox* projection_;
  QComboBox* initial_;
  QCheckBox* noiseEnvelope_;
  QLineEdit* relinearization_;
  QSpinBox* monteCarloRuns_;
  QSpinBox* seed_;
  QLineEdit* sigmaFactor_;
  QComboBox* noiseMethod_;
  QLabel* message_;
  QDialogButtonBox* buttons_;
};

}  // namespace kelvin::gui
