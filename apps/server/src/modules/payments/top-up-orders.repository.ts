import { Inject, Injectable } from '@nestjs/common';
import { TopUpOrderStatus } from '@tollgate/contracts';
import { Brackets, DataSource, type EntityManager, In, LessThan, type Repository } from 'typeorm';
import { type PageWindow } from '../../common/http/pagination';
import { TopUpOrderEntity } from './top-up-order.entity';

export type NewTopUpOrder = Omit<TopUpOrderEntity, 'id' | 'status' | 'completedAt'>;

export interface TopUpOrderFilter {
  userId?: number;
  /** Administrators' search: part of a trade number, or any of these users' orders. */
  keyword?: { tradeNo: string; userIds: number[] };
}

// An order whose payment arrives after it expired is still paid: the money was taken.
const CREDITABLE = [TopUpOrderStatus.Pending, TopUpOrderStatus.Expired];

/** All SQL of top-up orders. */
@Injectable()
export class TopUpOrdersRepository {
  private readonly orders: Repository<TopUpOrderEntity>;

  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {
    this.orders = dataSource.getRepository(TopUpOrderEntity);
  }

  async insert(order: NewTopUpOrder): Promise<TopUpOrderEntity> {
    return this.orders.save(this.orders.create({ ...order, status: TopUpOrderStatus.Pending }));
  }

  findByTradeNo(tradeNo: string): Promise<TopUpOrderEntity | null> {
    return this.orders.findOne({ where: { tradeNo } });
  }

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /**
   * Marks the order paid in one conditional UPDATE: of any number of identical callbacks, on any number of
   * replicas, exactly one changes the row (PostgreSQL re-checks the status after waiting for the row lock).
   */
  async markPaid(manager: EntityManager, id: number, now: number): Promise<boolean> {
    const result = await manager
      .getRepository(TopUpOrderEntity)
      .update({ id, status: In(CREDITABLE) }, { status: TopUpOrderStatus.Success, completedAt: now });
    return (result.affected ?? 0) > 0;
  }

  /** Pending orders made before `before` become expired; answers how many. */
  async expirePendingBefore(before: number): Promise<number> {
    const result = await this.orders.update(
      { status: TopUpOrderStatus.Pending, createdAt: LessThan(before) },
      { status: TopUpOrderStatus.Expired },
    );
    return result.affected ?? 0;
  }

  listPage(window: PageWindow, filter: TopUpOrderFilter): Promise<[TopUpOrderEntity[], number]> {
    const query = this.orders.createQueryBuilder('o').orderBy('o.id', 'DESC');
    if (filter.userId !== undefined) query.andWhere('o.user_id = :userId', { userId: filter.userId });
    const keyword = filter.keyword;
    if (keyword)
      query.andWhere(
        new Brackets((where) => {
          where.where("LOWER(o.trade_no) LIKE :tradeNo ESCAPE '\\'", { tradeNo: keyword.tradeNo });
          if (keyword.userIds.length > 0)
            where.orWhere('o.user_id IN (:...userIds)', { userIds: keyword.userIds });
        }),
      );
    return query.skip(window.offset).take(window.limit).getManyAndCount();
  }
}
