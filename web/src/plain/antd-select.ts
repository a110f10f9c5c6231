// antd's Select on its own, for OnDemandSelect to load when first needed.
import { Select } from 'antd';

export default Select;
