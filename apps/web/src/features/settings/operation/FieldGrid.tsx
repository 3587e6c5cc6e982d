import { Col, Row } from 'antd';
import { Children, type ReactNode } from 'react';

/** Fields side by side on wide screens (three, then two a row), one a row on a phone. */
export function FieldGrid({ children }: { children: ReactNode }) {
  return (
    <Row gutter={16}>
      {Children.toArray(children).map((child, index) => (
        <Col key={index} xs={24} md={12} xl={8}>
          {child}
        </Col>
      ))}
    </Row>
  );
}
