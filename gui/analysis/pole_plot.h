#pragma once
// The poles of a linearised model in the complex plane: the eigenvalues of A
// with the algebraic (=0) rows eliminated, drawn as crosses with the axes
// through the origin (the left half-plane is stable for 1/s coordinates).

#include <QWidget>

#include <Eigen/Dense>

class QCustomPlot;
class QLabel;

namespace kelvin::gui {

class PolePlot : public QWidget {
  Q_OBJECT

 public:
  explicit PolePlot(QWidget* parent = nullptr);

  void setPoles(const Eigen::VectorXcd& poles);
  const Eigen::VectorXcd& poles() const { return poles_; }

 private:
  QCustomPlot* plot_;
  QLabel* summary_;
  Eigen::VectorXcd poles_;
};

}  // namespace kelvin::gui
